import type { Scope } from '@commonwork/contracts';

/**
 * A personal access token's stream `token-<id>`: created, then perhaps revoked. The events carry the
 * secret's SHA-256 (what the read table finds a token by), never the secret itself.
 */
export type TokenEvent =
  | {
      type: 'PersonalTokenCreated';
      data: {
        tokenId: string;
        userId: string;
        name: string;
        scopes: Scope[];
        /** The secret's first characters, shown in lists. */
        hint: string;
        secretHash: string;
        /** ISO time; null: lasts until revoked. */
        expiresAt: string | null;
      };
    }
  | { type: 'PersonalTokenRevoked'; data: { tokenId: string; userId: string } };

export interface TokenState {
  exists: boolean;
  tokenId: string;
  userId: string;
  revoked: boolean;
}

export const initialTokenState = (): TokenState => ({ exists: false, tokenId: '', userId: '', revoked: false });
