import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { serverValueRanges } from './clientRoutes.ts';

const strip = (code: string) => {
  let out = code;
  for (const [start, end, text] of serverValueRanges(parseAst(code), code).sort((a, b) => b[0] - a[0]))
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return out;
};

describe('serverValueRanges', () => {
  it('leaves out a route’s schemas, summary, scope and errors, and keeps its method, URL, auth and what it produces', () => {
    const code = `export const routes = { list: defineRoute({ method: 'GET', url: '/api/gigs', summary: 'Gigs', auth: 'optional', scope: 'gigs:read', querystring: ListQuery, produces: 'text/csv', response: { 200: ListResponse, ...errors } }) };`;
    expect(strip(code)).toBe(
      `export const routes = { list: defineRoute({ method: 'GET', url: '/api/gigs', auth: 'optional', produces: 'text/csv' }) };`,
    );
  });

  it('leaves out a shorthand value with its key (a route built by a helper that takes the body)', () => {
    const code = `const step = (body) => defineRoute({ method: 'POST', url: '/api/x', body, response: R });`;
    expect(strip(code)).toBe(`const step = (body) => defineRoute({ method: 'POST', url: '/api/x' });`);
  });

  it('leaves every other call and object alone', () => {
    const code = `const a = other({ body: Body, response: R }); const b = { params: P }; defineRoute(shared);`;
    expect(serverValueRanges(parseAst(code), code)).toEqual([]);
  });
});
