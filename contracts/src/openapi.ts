import { z } from 'zod';
import { ErrorBody } from './errors.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, type RouteContract, WRITE_METHODS } from './http/route.ts';
import { PERSONAL_TOKEN_PREFIX, type RouteScope, SCOPE_NAMES, SCOPES } from './scopes.ts';
import { PUBLIC_EVENT_TYPES, PUBLIC_EVENTS, PublicEvent, WEBHOOK_LIMITS, WEBHOOK_PING_TYPE } from './webhooks.ts';

const toSchema = (schema: z.ZodType, io: 'input' | 'output' = 'input') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', ...(io === 'input' && { override: sayWhatTheServerChecks }) });

type JsonSchema = z.core.JSONSchema.BaseSchema;

/**
 * What zod's input schema gets wrong about what the server checks: a trimmed string that must not be
 * empty refuses blanks (`pattern: \S`, since JSON Schema cannot trim); a pipe's later stage (a form
 * number's bounds, a trimmed string's enum) belongs on its input too; and a field the server fills
 * when it is absent is not required. Each is read from the schema the service validates with, so the
 * document says what the server enforces (contracts/src/documentedRules.unit.test.ts holds it).
 */
function sayWhatTheServerChecks({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }) {
  const def = zodSchema._zod.def;
  if (def.type === 'object' && Array.isArray(jsonSchema.required)) {
    // A field the server fills when absent (a preprocess reading nothing as null) is not required.
    const shape = def.shape as Record<string, z.core.$ZodType>;
    const required = jsonSchema.required.filter((key) => !shape[key] || !z.safeParse(shape[key], undefined).success);
    if (required.length > 0) jsonSchema.required = required;
    else delete jsonSchema.required;
    return;
  }
  if (def.type === 'string') {
    const min = jsonSchema.minLength ?? 0;
    const blankRefused = min > 0 && !z.safeParse(zodSchema, ' '.repeat(min)).success && z.safeParse(zodSchema, 'x'.repeat(min)).success;
    if (blankRefused && jsonSchema.pattern === undefined && jsonSchema.allOf === undefined) jsonSchema.pattern = '\\S';
    return;
  }
  if (def.type !== 'pipe' || def.out._zod.def.type === 'transform') return;
  const out = z.toJSONSchema(def.out, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  if (out.enum && jsonSchema.type === 'string') {
    jsonSchema.enum = out.enum;
    delete jsonSchema.minLength;
    delete jsonSchema.pattern;
    return;
  }
  if (out.type !== 'number' && out.type !== 'integer') return;
  const branches = jsonSchema.anyOf ? (jsonSchema.anyOf as JsonSchema[]) : [jsonSchema];
  for (const branch of branches) {
    if (branch.type === 'number' || branch.type === 'integer') {
      branch.type = out.type;
      for (const key of ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf'] as const)
        if (out[key] !== undefined) branch[key] = out[key] as never;
    } else if (branch.type === 'string' && jsonSchema.anyOf) {
      branch.description = 'The same number as decimal text, held to the same bounds';
    }
  }
}

/**
 * The errors every route of a kind can answer, whether or not its contract lists them: the gateway
 * and the kit give them (ARCHITECTURE §5), always in the error body.
 */
function commonErrors(route: RouteContract): Record<string, string> {
  const takesInput = Boolean(route.params || route.querystring || route.body || route.upload);
  return {
    ...(takesInput && { 400: 'Invalid input: `details` names each field and what is wrong with it' }),
    ...(route.auth !== 'public' && { 401: 'No valid access token (`optional` routes: an invalid one)' }),
    ...(route.auth !== 'public' && { 403: insufficientScopeText(route.scope) }),
    ...((route.body || route.upload) && { 413: 'The body is larger than this route takes' }),
    ...(recordsKey(route) && {
      409: 'A request with this `Idempotency-Key` is still being processed; try again in a moment',
      422: 'This `Idempotency-Key` was already used for a different request',
    }),
    429: 'Too many calls from this person or address; `retry-after` says when to try again',
    503: 'A service this call needs is unavailable or busy; try again in a moment',
  };
}

/** A signed-in write with a JSON body (or none): its Idempotency-Key is recorded, and its answer kept 24 hours. */
const recordsKey = (route: RouteContract) => WRITE_METHODS.has(route.method) && !route.upload && route.auth !== 'public';

/** The header every write takes (components.parameters), referred to by each write operation. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes a write safe to send again (Stripe’s convention): a unique value per write (a UUID), sent again unchanged with the ' +
    'same body when the first answer was lost. Within 24 hours the same key and body answer the first result (with ' +
    `\`${IDEMPOTENT_REPLAYED_HEADER}: true\`) instead of writing again; the same key with a different body is refused with 422 ` +
    '`IDEMPOTENCY_KEY_REUSED`; while the first is still being processed a repeat waits for it, then 409 `IDEMPOTENCY_KEY_IN_USE`. ' +
    'Keys are scoped to the caller (a person, or a personal access token). Calls without a signed-in caller and uploads accept ' +
    'the header and do not record it.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

/** Builds the OpenAPI 3.1 document of the public API from the route contracts, each under its operation id. */
export function buildOpenApiDocument(operations: readonly { operationId: string; route: RouteContract }[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorBody = toSchema(ErrorBody);
  for (const { operationId, route } of operations) {
    const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters = [
      ...objectParameters(route.params, 'path'),
      ...objectParameters(route.querystring, 'query'),
      ...(WRITE_METHODS.has(route.method) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ];
    const responses: Record<string, unknown> = Object.fromEntries(
      Object.entries(commonErrors(route)).map(([status, description]) => [
        status,
        { description, content: { 'application/json': { schema: errorBody } } },
      ]),
    );
    for (const [status, schema] of Object.entries(route.response)) {
      const text = status.startsWith('2') ? 'Success' : (STATUS_TEXT[status] ?? 'Error');
      responses[status] = {
        description: status === '403' && route.auth !== 'public' ? `${text}; or ${lowerFirst(insufficientScopeText(route.scope))}` : text,
        content: { [status.startsWith('2') && route.produces ? route.produces : 'application/json']: { schema: toSchema(schema) } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId,
      summary: route.summary,
      ...(route.scope && { 'x-scope': route.scope }),
      ...(scopeNote(route.scope) && { description: scopeNote(route.scope) }),
      security: securityOf(route),
      parameters,
      ...(route.body && {
        // Optional when every field is: the kit then reads an absent body as `{}` (marking read: the spec's client sends none).
        requestBody: {
          required: !route.body.safeParse({}).success,
          content: { 'application/json': { schema: toSchema(route.body) } },
        },
      }),
      ...(route.upload && {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { [route.upload.field]: { type: 'string', format: 'binary' } },
                required: [route.upload.field],
              },
            },
          },
        },
      }),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commonwork API',
      version,
      description:
        'Call with `Authorization: Bearer <token>`: a signed-in session’s access token, or a personal access token ' +
        `(\`${PERSONAL_TOKEN_PREFIX}…\`, Settings → Developer) limited to its scopes. Each operation names the scope a token ` +
        'needs (`security`, and `x-scope`); `webhooks` lists what a webhook subscription is sent. The guide for integrators: docs/integrators.md.',
      license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
    },
    // Relative: the gateway that serves this document is the one to call.
    servers: [{ url: '/', description: 'The gateway serving this document' }],
    components: { securitySchemes: { bearer: BEARER_SCHEME }, parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER } },
    paths,
    webhooks: buildWebhooks(),
  };
}

/**
 * The one security scheme: a bearer token, either a signed-in session's access token (which may do
 * everything its person may) or a personal access token (only what its scopes name). The scopes go in
 * each operation's requirement as role names, which OpenAPI 3.1 allows for schemes other than OAuth.
 */
const BEARER_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: `JWT (a session) or ${PERSONAL_TOKEN_PREFIX}… (a personal access token)`,
  description: [
    'A signed-in session’s access token (a JWT, from `POST /api/auth/google`) may make every call its person may. A personal access token ' +
      `(\`${PERSONAL_TOKEN_PREFIX}\` and 40 characters, created under Settings → Developer or with \`POST /api/tokens\`) may make the calls ` +
      'whose scope it holds; without it the answer is 403 `INSUFFICIENT_SCOPE` naming the scope. The scope of each operation is its ' +
      'security requirement’s role and its `x-scope`. Two operations’ `x-scope` is not a scope: `session` (managing tokens: a personal ' +
      'access token is always refused) and `by-event` (the event feed: any token, answering only the event types its read scopes cover).',
    '',
    '| Scope | What it allows |',
    '| --- | --- |',
    ...SCOPE_NAMES.map((scope) => `| \`${scope}\` | ${SCOPES[scope]} |`),
  ].join('\n'),
};

/**
 * An operation's security requirements: none for `public` calls; the bearer token with the route's
 * scope as its role; `optional` calls may also be made with no token at all (`{}`). `session` and
 * `by-event` are not roles a token can hold, so those requirements name none and the operation's
 * description and `x-scope` say what applies.
 */
function securityOf(route: RouteContract): Record<string, string[]>[] {
  if (route.auth === 'public') return [];
  const roles = route.scope && route.scope !== 'session' && route.scope !== 'by-event' ? [route.scope] : [];
  return route.auth === 'optional' ? [{ bearer: roles }, {}] : [{ bearer: roles }];
}

function scopeNote(scope: RouteScope | undefined): string | undefined {
  if (scope === 'session')
    return 'Only a signed-in session may make this call: a personal access token is refused (403 `INSUFFICIENT_SCOPE`), whatever its scopes.';
  if (scope === 'by-event')
    return 'Any personal access token may make this call; it answers only the event types whose read scope the token holds (see `webhooks` for each type’s scope).';
  return undefined;
}

function insufficientScopeText(scope: RouteScope | undefined): string {
  if (scope === undefined || scope === 'by-event') return 'Not allowed';
  if (scope === 'session') return 'A personal access token (`INSUFFICIENT_SCOPE`): only a signed-in session may make this call';
  return `A personal access token without the \`${scope}\` scope (\`INSUFFICIENT_SCOPE\`)`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** `5000` → `5 s`, `7200000` → `2 h`: the retry schedule as the integrators' page and the document say it. */
export function formatDelay(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

/** What happens to a delivery, said once for every webhook. */
export const DELIVERY_TERMS =
  `Any 2xx answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s counts as received. Anything else (another status, a timeout, a refused ` +
  `connection) is tried again after ${WEBHOOK_LIMITS.retryDelaysMs.map(formatDelay).join(', ')}, with the same \`webhook-id\`; a ` +
  `subscription whose deliveries have failed for ${WEBHOOK_LIMITS.disableAfterMs / 86_400_000} days is disabled and its owner notified. ` +
  'Deliveries come at least once (drop repeats by `webhook-id`), in order for each subscription.';

/** The Standard Webhooks headers every delivery carries. */
const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The delivery’s id: the same on every retry of it, so a receiver can drop repeats.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was sent, in seconds since 1970 (UTC); refuse one far from your clock (the `standardwebhooks` libraries allow 5 minutes).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` then the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the bytes the signing secret (`whsec_` and base64) ' +
      'encodes; space-separated when there are several, any one matching is enough. The `standardwebhooks` package (JavaScript, Python, …) checks it.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
];

/** A delivery's body: a feed entry without its id (a delivery is told apart by its `webhook-id` header). */
const DeliveryBody = PublicEvent.omit({ id: true });

/** OpenAPI 3.1's `webhooks`: one `POST` per public event type, and the ping, as a subscription's URL receives them. */
function buildWebhooks(): Record<string, unknown> {
  const operation = (type: string, summary: string, description: string, data: z.ZodType, extensions: Record<string, string> = {}) => ({
    post: {
      operationId: `webhook${type.replace(/(^|[._])([a-z])/g, (_match, _separator, letter: string) => letter.toUpperCase())}`,
      summary,
      description: `${description}\n\n${DELIVERY_TERMS}`,
      ...extensions,
      security: [],
      parameters: WEBHOOK_HEADERS,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: toSchema(DeliveryBody.extend({ type: z.literal(type), data }), 'output') } },
      },
      responses: { '2XX': { description: 'Received' } },
    },
  });
  return {
    ...Object.fromEntries(
      PUBLIC_EVENT_TYPES.map((type) => {
        const entry = PUBLIC_EVENTS[type];
        const description =
          `Sent to the webhooks of ${entry.audience} that subscribed to \`${type}\` (a webhook only ever carries what its owner could ` +
          `read through the API at that moment). In the event feed (\`GET /api/feed\`) for a token with \`${entry.scope}\`.`;
        return [
          type,
          operation(type, `${type} (${entry.from.type})`, description, entry.from.schema, {
            'x-scope': entry.scope,
            'x-audience': entry.audience,
          }),
        ];
      }),
    ),
    [WEBHOOK_PING_TYPE]: operation(
      WEBHOOK_PING_TYPE,
      `${WEBHOOK_PING_TYPE} (a test call)`,
      'Sent to one webhook when its owner asks (`POST /api/webhooks/{id}/ping`, the Ping button), to check the receiver and its ' +
        'signature check; never otherwise. Nothing to act on.',
      z.object({ webhookId: z.uuid().describe('The webhook pinged') }),
    ),
  };
}

function objectParameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, propSchema]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: propSchema,
  }));
}

const STATUS_TEXT: Record<string, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'In conflict with the stored state',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Not processable',
  429: 'Too many calls',
  503: 'Unavailable',
};
