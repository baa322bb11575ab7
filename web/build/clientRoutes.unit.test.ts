import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { serverValueRanges } from './clientRoutes.ts';

const strip = (code: string) => {
  let out = code;
  for (const [start, end, text] of serverValueRanges(parseAst(code)).sort((a, b) => b[0] - a[0]))
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return out;
};

describe('serverValueRanges', () => {
  it('blanks a route’s schemas, summary and errors, and keeps its method, URL and auth', () => {
    const code = `export const routes = { list: defineRoute({ method: 'GET', url: '/api/gigs', summary: 'Gigs', auth: 'optional', querystring: ListQuery, response: { 200: ListResponse, ...errors } }) };`;
    expect(strip(code)).toBe(
      `export const routes = { list: defineRoute({ method: 'GET', url: '/api/gigs', summary: void 0, auth: 'optional', querystring: void 0, response: void 0 }) };`,
    );
  });

  it('blanks a shorthand value under its key (a route built by a helper that takes the body)', () => {
    const code = `const step = (body) => defineRoute({ method: 'POST', url: '/api/x', body, response: R });`;
    expect(strip(code)).toBe(`const step = (body) => defineRoute({ method: 'POST', url: '/api/x', body: void 0, response: void 0 });`);
  });

  it('leaves every other call and object alone', () => {
    const code = `const a = other({ body: Body, response: R }); const b = { params: P }; defineRoute(shared);`;
    expect(serverValueRanges(parseAst(code))).toEqual([]);
  });
});
