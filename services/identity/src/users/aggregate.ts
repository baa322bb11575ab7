import { defineAggregate } from '@commonwork/kit';
import type { IdentityTables } from '../tables.ts';
import { type UserCommand, userDecider } from './decide.ts';
import { projectUserEvents } from './projection.ts';
import type { UserEvent, UserState } from './user.ts';

/** A user's stream `user-<id>`: sign-up, profile and preferences. */
export const userAggregate = defineAggregate<IdentityTables, UserState, UserCommand, UserEvent>({
  name: 'user',
  decider: userDecider,
  project: projectUserEvents,
});
