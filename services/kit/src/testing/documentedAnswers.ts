import { API_OPERATIONS, buildOpenApiDocument } from '@commonwork/contracts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/** The parts of an OpenAPI 3.1 document this reads. */
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
}

/**
 * Checks answers against the published OpenAPI document itself (what an integrator's tooling reads),
 * as a validating proxy would: the status must be one the operation lists, the media type one it
 * lists for that status, and a JSON body must match its schema. The route's zod schema is checked
 * apart (the typed client's `checkAnswers`); this catches a document that says less than, or other
 * than, what the server answers. Schemas are compiled on first use, once per operation and status.
 */
export function documentedAnswers(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  const compiled = new Map<string, ValidateFunction>();
  // Static segments before parameters, as the router matches: `/api/users/top-freelancers` before `/api/users/{id}`.
  const templates = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]*')}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);

  return function check(method: string, path: string, status: number, contentType: string | null, text: string) {
    // Node's HTTP parser refuses headers over its limit before any route is matched: no operation's answer.
    if (status === 431) return;
    const found = templates.find(({ template, pattern }) => pattern.test(path) && document.paths[template]?.[method.toLowerCase()]);
    if (!found) throw new Error(`${method} ${path}: no operation of the OpenAPI document matches it`);
    const where = `${method} ${found.template} → ${status}`;
    const responses = document.paths[found.template]?.[method.toLowerCase()]?.responses ?? {};
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!response)
      throw new Error(`${where}: a status the OpenAPI document does not describe (it lists ${Object.keys(responses).join(', ')})`);
    if (!text) return;
    const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const media = Object.keys(response.content ?? {});
    const declared = media.find(
      (m) => m === type || (m.endsWith('/*') && type.startsWith(m.slice(0, -1))) || m === 'application/octet-stream',
    );
    if (!declared)
      throw new Error(`${where}: answers ${type || 'no media type'}, the OpenAPI document says ${media.join(', ') || 'no body'}`);
    if (declared !== 'application/json') return;
    const key = `${where} ${declared}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(response.content?.[declared]?.schema ?? {});
      compiled.set(key, validate);
    }
    if (!validate(JSON.parse(text)))
      throw new Error(
        `${where}: the answer is not what the OpenAPI document describes: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`,
      );
  };
}

/**
 * A fetch that checks every answer from `baseUrl` against the document the gateway publishes at
 * `/api/docs/json`: the test harness's typed client calls the gateway through it. The document is
 * built as the gateway builds it rather than fetched, so reading it spends nothing of the tests'
 * rate-limit budgets (docs/decisions/http/answers-checked-against-the-document.md).
 */
export function fetchCheckedByDocument(baseUrl: string, inner: typeof fetch = fetch): typeof fetch {
  const check = documentedAnswers(buildOpenApiDocument(API_OPERATIONS, '1.0.0') as unknown as OpenApiDocument);
  return async (input, init) => {
    const response = await inner(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.origin === new URL(baseUrl).origin) {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      check(method, url.pathname, response.status, response.headers.get('content-type'), await response.clone().text());
    }
    return response;
  };
}
