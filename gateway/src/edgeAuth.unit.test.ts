import { identityRoutes, pathOf, type RouteContract } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { accessRule } from './edgeAuth.ts';

const USER_ID = '6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f';
/** Paths no route has: the edge asks for a person there too, so a forgotten route is never open. */
const NO_ROUTE = [
  ['DELETE', '/api/users'],
  ['GET', '/api/anything/else'],
] as const;

describe('accessRule', () => {
  const cases: [RouteContract, Record<string, string>, RouteContract['auth']][] = [
    [identityRoutes.authConfig, {}, 'public'],
    [identityRoutes.googleSignIn, {}, 'public'],
    [identityRoutes.createUser, {}, 'public'],
    [identityRoutes.setupUser, {}, 'user'],
    [identityRoutes.userById, { id: USER_ID }, 'user'],
    [identityRoutes.updateUser, { id: USER_ID }, 'user'],
    [identityRoutes.userByUsername, { username: 'ada' }, 'user'],
  ];
  it.each(cases.map(([route, params, rule]) => ({ method: route.method, path: pathOf(route.url, params), rule })))(
    '$method $path is $rule',
    ({ method, path, rule }) => {
      expect(accessRule(method, path)).toBe(rule);
    },
  );

  it.each(NO_ROUTE)('%s %s (no route) is user', (method, path) => {
    expect(accessRule(method, path)).toBe('user');
  });
});
