import { defineAggregate } from '@commonwork/kit';
import type { NotificationsTables } from '../tables.ts';
import { type InboxCommand, inboxDecider } from './decide.ts';
import type { InboxEvent, InboxState } from './inbox.ts';
import { projectInboxEvents } from './projection.ts';

/**
 * A person's notifications, stream `inbox-<userId>`: every notification made, refreshed, read or
 * deleted. A hot stream (notifications arrive in bursts while the person marks them read), so its
 * unread count is exact: each event carries the count its decision left.
 */
export const inboxAggregate = defineAggregate<NotificationsTables, InboxState, InboxCommand, InboxEvent>({
  name: 'inbox',
  decider: inboxDecider,
  project: projectInboxEvents,
  snapshotEvery: 50,
  retries: 3,
  groupCommit: true,
});
