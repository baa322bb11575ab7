import { describe, expect, it } from 'vitest';
import { accessRule } from './edgeAuth.ts';

describe('accessRule', () => {
  it.each([
    ['GET', '/api/auth/config', 'public'],
    ['POST', '/api/auth/google', 'public'],
    ['POST', '/api/users', 'public'],
    ['POST', '/api/users/setup', 'user'],
    ['GET', '/api/users/6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f', 'user'],
    ['PUT', '/api/users/6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f', 'user'],
    ['GET', '/api/users/by-username/ada', 'user'],
    ['DELETE', '/api/users', 'user'],
    ['GET', '/api/anything/else', 'user'],
  ])('%s %s is %s', (method, path, rule) => {
    expect(accessRule(method, path)).toBe(rule);
  });
});
