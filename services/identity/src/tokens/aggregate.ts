import { defineAggregate } from '@commonwork/kit';
import type { IdentityTables } from '../tables.ts';
import { type TokenCommand, tokenDecider } from './decide.ts';
import { projectTokenEvents } from './projection.ts';
import type { TokenEvent, TokenState } from './token.ts';

/** A personal access token's stream `token-<id>`: created, revoked. */
export const tokenAggregate = defineAggregate<IdentityTables, TokenState, TokenCommand, TokenEvent>({
  name: 'token',
  decider: tokenDecider,
  project: projectTokenEvents,
});
