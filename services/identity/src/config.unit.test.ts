import { describe, expect, it } from 'vitest';
import { devLoginAccessOf, IdentityConfig } from './config.ts';

const access = (env: Record<string, string>) => devLoginAccessOf(IdentityConfig.parse(env));

describe("identity's configuration", () => {
  it('listens on this machine only by default', () => {
    expect(IdentityConfig.parse({}).HOST).toBe('127.0.0.1');
  });

  it('offers the developer sign-in to callers on this machine only, unless told otherwise', () => {
    expect(access({})).toBe('loopback');
    expect(access({ AUTH_DEV_LOGIN_REMOTE: 'true' })).toBe('open');
    expect(access({ AUTH_DEV_LOGIN: 'false', AUTH_DEV_LOGIN_REMOTE: 'true' })).toBe('off');
  });

  it('keeps the developer sign-in off in production unless it is asked for', () => {
    expect(access({ NODE_ENV: 'production' })).toBe('off');
    expect(access({ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true' })).toBe('loopback');
  });
});
