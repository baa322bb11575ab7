import type { Plugin } from 'vite';

/** What a route declares for servers, tokens and documentation; the web app calls a route by its method, URL and auth only. */
const SERVER_KEYS = new Set(['params', 'querystring', 'body', 'response', 'summary', 'description', 'scope', 'upload']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* nodes(value: unknown): Generator<Node> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item);
  } else if (isNode(value)) {
    yield value;
    for (const [key, child] of Object.entries(value)) if (key !== 'type') yield* nodes(child);
  }
}

/**
 * Each `defineRoute({ ... })` of a module (its range in `code`) and the object it becomes: only the
 * properties a call needs, the server-side ones left out whole (a key with no value would still be
 * sent to every browser, once per route).
 */
export function serverValueRanges(program: unknown, code: string): [number, number, string][] {
  const ranges: [number, number, string][] = [];
  for (const node of nodes(program)) {
    const callee = node.callee as Node | undefined;
    const [route] = (node.arguments as Node[] | undefined) ?? [];
    if (
      node.type !== 'CallExpression' ||
      callee?.type !== 'Identifier' ||
      callee.name !== 'defineRoute' ||
      route?.type !== 'ObjectExpression'
    )
      continue;
    const properties = route.properties as Node[];
    const serverSide = (property: Node) => {
      const key = property.key as Node | undefined;
      return property.type === 'Property' && key?.type === 'Identifier' && SERVER_KEYS.has(key.name as string);
    };
    if (!properties.some(serverSide)) continue;
    const kept = properties.filter((property) => !serverSide(property)).map((property) => code.slice(property.start, property.end));
    ranges.push([route.start, route.end, `{ ${kept.join(', ')} }`]);
  }
  return ranges;
}

/**
 * In the web build, the contracts' route tables keep only what a call needs (method, URL, auth):
 * their schemas, summaries and error maps are left out, so a screen that calls a route does not
 * carry the route's zod schemas, nor zod itself unless it validates a form. Types are untouched
 * (they come from the sources); the servers and the OpenAPI document read the tables as written.
 */
export function clientRoutes({ include }: { include: RegExp }): Plugin {
  return {
    name: 'commonwork:client-routes',
    apply: 'build',
    // After TypeScript is stripped, so the module parses as JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!include.test(id)) return null;
      const ranges = serverValueRanges(this.parse(code), code);
      if (ranges.length === 0) return null;
      let out = code;
      for (const [start, end, text] of ranges.sort((a, b) => b[0] - a[0])) out = `${out.slice(0, start)}${text}${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}
