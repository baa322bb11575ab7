import { identityRoutes, messagingRoutes } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { contractRoutes } from './routePatterns.ts';

describe('contractRoutes', () => {
  const routeOf = contractRoutes();

  it("names a request by its contract's pattern, never its raw path", () => {
    expect(routeOf({ method: 'GET', url: '/api/users/0b7c8e2a-1111-4444-8888-123456789abc' })).toBe(identityRoutes.userById.url);
    expect(routeOf({ method: 'POST', url: '/api/chat/channels/abc/messages?x=1' })).toBe(messagingRoutes.postChannelMessage.url);
  });

  it('prefers fixed segments over parameters, as the router does', () => {
    expect(routeOf({ method: 'GET', url: '/api/users/top-freelancers' })).toBe(identityRoutes.topFreelancers.url);
  });

  it('leaves what no contract names to the router (unknown API paths, the SPA)', () => {
    expect(routeOf({ method: 'GET', url: '/api/nothing/here' })).toBeUndefined();
    expect(routeOf({ method: 'GET', url: '/marketplace' })).toBeUndefined();
  });
});
