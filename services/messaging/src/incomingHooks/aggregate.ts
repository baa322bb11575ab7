import { defineAggregate } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';
import { type IncomingHookCommand, incomingHookDecider } from './decide.ts';
import type { IncomingHookEvent, IncomingHookState } from './hook.ts';
import { projectIncomingHookEvents } from './projection.ts';

/**
 * An incoming webhook, stream `hook-<id>`: made and revoked, a couple of events in its life, so it
 * is folded whole. No dash in the name: the rebuild finds a stream's aggregate by what comes before the first one.
 */
export const incomingHookAggregate = defineAggregate<MessagingTables, IncomingHookState, IncomingHookCommand, IncomingHookEvent>({
  name: 'hook',
  decider: incomingHookDecider,
  project: projectIncomingHookEvents,
});
