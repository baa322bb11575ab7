import type { Scope } from '@commonwork/contracts';
import { Conflict, createError, type Decider } from '@commonwork/kit';
import { initialTokenState, type TokenEvent, type TokenState } from './token.ts';

/** Another person's token is not found either: its existence is not theirs to learn. */
export const TokenNotFound = createError('TOKEN_NOT_FOUND', 'Token not found', 404);

export type TokenCommand =
  | {
      type: 'CreateToken';
      tokenId: string;
      userId: string;
      name: string;
      scopes: Scope[];
      hint: string;
      secretHash: string;
      expiresAt: string | null;
    }
  | { type: 'RevokeToken'; userId: string };

export function evolve(state: TokenState, event: TokenEvent): TokenState {
  switch (event.type) {
    case 'PersonalTokenCreated':
      return { ...state, exists: true, tokenId: event.data.tokenId, userId: event.data.userId };
    case 'PersonalTokenRevoked':
      return { ...state, revoked: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decide(command: TokenCommand, state: TokenState): TokenEvent[] {
  switch (command.type) {
    case 'CreateToken': {
      if (state.exists) throw Conflict('Token already exists');
      const { type: _, ...data } = command;
      return [{ type: 'PersonalTokenCreated', data }];
    }
    case 'RevokeToken': {
      // A revoked token is gone from its owner's list: revoking it again finds nothing.
      if (!state.exists || state.userId !== command.userId || state.revoked) throw TokenNotFound();
      return [{ type: 'PersonalTokenRevoked', data: { tokenId: state.tokenId, userId: state.userId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const tokenDecider: Decider<TokenState, TokenCommand, TokenEvent> = { initialState: initialTokenState, evolve, decide };
