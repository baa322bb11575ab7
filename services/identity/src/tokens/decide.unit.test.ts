import { Conflict } from '@commonwork/kit';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { TokenNotFound, tokenDecider } from './decide.ts';
import type { TokenEvent } from './token.ts';

const tokenId = '0b7c9d2e-1f3a-4b5c-8d6e-7f8a9b0c1d2e';
const ada = '6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f';
const bob = '7e2a4d2f-3c2b-4d2f-8a2f-2b3c4d5e6f70';
const create = {
  type: 'CreateToken',
  tokenId,
  userId: ada,
  name: 'CI',
  scopes: ['gigs:read'],
  hint: 'cw_pat_AbCd',
  secretHash: 'a'.repeat(64),
  expiresAt: null,
} as const;
const created: TokenEvent = {
  type: 'PersonalTokenCreated',
  data: { tokenId, userId: ada, name: 'CI', scopes: ['gigs:read'], hint: 'cw_pat_AbCd', secretHash: 'a'.repeat(64), expiresAt: null },
};
const revoked: TokenEvent = { type: 'PersonalTokenRevoked', data: { tokenId, userId: ada } };
const spec = deciderSpec(tokenDecider);

describe('personal access token decider', () => {
  it('creates a token with its hash, never its secret', () => {
    spec
      .given()
      .when({ ...create, scopes: ['gigs:read'] })
      .then(created);
  });

  it('refuses to create the same token twice', () => {
    spec
      .given(created)
      .when({ ...create, scopes: ['gigs:read'] })
      .thenThrows(Conflict);
  });

  it("revokes its owner's token once", () => {
    spec.given(created).when({ type: 'RevokeToken', userId: ada }).then(revoked);
  });

  it("answers not found for another person's token, a revoked one and one that never was", () => {
    spec.given(created).when({ type: 'RevokeToken', userId: bob }).thenThrows(TokenNotFound);
    spec.given(created, revoked).when({ type: 'RevokeToken', userId: ada }).thenThrows(TokenNotFound);
    spec.given().when({ type: 'RevokeToken', userId: ada }).thenThrows(TokenNotFound);
  });
});
