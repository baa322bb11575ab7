import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from './http/index.ts';
import { SCOPE_NAMES, SCOPES } from './scopes.ts';

/** The calls that only read although they are not GETs: they take a body too large or too free for a query string. */
const READS_BY_POST = new Set(['marketplaceAiSearch', 'identityRefreshUserStats']);

describe('the scope each route asks of a personal access token', () => {
  it('is declared by every call that reads a token (user and optional)', () => {
    const missing = API_OPERATIONS.filter(({ route }) => route.auth !== 'public' && !route.scope).map((o) => o.operationId);
    expect(missing).toEqual([]);
  });

  it('is `session` for the token calls, signing out, the data export and the account deletion only: a token never creates, lists or revokes tokens, signs its owner out, nor exports or deletes them', () => {
    const sessionOnly = API_OPERATIONS.filter(({ route }) => route.scope === 'session').map((o) => o.operationId);
    expect(sessionOnly.sort()).toEqual([
      'identityCreateToken',
      'identityDeleteAccount',
      'identityDownloadExport',
      'identityExportStatus',
      'identityLatestExport',
      'identityListTokens',
      'identityRequestExport',
      'identityRevokeToken',
      'identitySignOut',
      'identitySignOutEverywhere',
    ]);
  });

  it('is a write scope on every call that changes something, a read scope only on reads', () => {
    const wrong = API_OPERATIONS.filter(({ operationId, route }) => {
      if (!route.scope || route.scope === 'session' || route.scope === 'by-event') return false;
      const reads = route.method === 'GET' || READS_BY_POST.has(operationId);
      return reads ? false : route.scope.endsWith(':read');
    }).map((o) => `${o.operationId} ${o.route.method} ${o.route.scope}`);
    expect(wrong).toEqual([]);
  });

  it('is one of the scopes, each with its sentence, and every scope guards some call', () => {
    const used = new Set(API_OPERATIONS.map(({ route }) => route.scope));
    for (const scope of SCOPE_NAMES) {
      expect(SCOPES[scope].length).toBeGreaterThan(10);
      expect(used.has(scope), scope).toBe(true);
    }
  });
});
