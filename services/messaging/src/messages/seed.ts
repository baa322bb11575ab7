import type { EventMetadata } from '@commonwork/contracts';
import { importEvents } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { MessagingTables } from '../tables.ts';
import { messageAggregate } from './aggregate.ts';
import type { MessageState } from './message.ts';
import { postedInChannel } from './posted.ts';

/** A reaction the demo puts on a message: who, with which emoji, when. */
export interface DemoReaction {
  userId: string;
  emoji: string;
  at: Date;
}

/**
 * Reacts to a seeded channel's messages through the message aggregate, as the app would: its
 * messages (already posted in `trx`, oldest first) take `reactions[i]` each, every reaction the
 * channel's next revision. The demo shows reactions, and a rebuild has them to reproduce.
 */
export async function seedChannelReactions(
  trx: Kysely<MessagingTables>,
  channelId: string,
  reactions: readonly (readonly DemoReaction[] | undefined)[],
  metadata: EventMetadata,
) {
  if (!reactions.some((r) => r?.length)) return;
  const rows = await trx.selectFrom('channel_messages').selectAll().where('channel_id', '=', channelId).orderBy('sequence').execute();
  const { decide, evolve, initialState } = messageAggregate.decider;
  let revision = 0;
  for (const [i, row] of rows.entries()) {
    let state: MessageState = initialState();
    let version = 0;
    for (const { userId, emoji, at } of reactions[i] ?? []) {
      const command = { type: 'AddReaction' as const, emoji, message: postedInChannel(row), actorId: userId, actorModerates: false };
      const events = decide({ ...command, at: at.toISOString(), revision: revision + 1 }, state);
      if (events.length === 0) continue;
      await importEvents(trx, messageAggregate, {
        schema: 'messaging',
        metadata,
        now: at,
        appends: [{ id: row.id, expectedVersion: version, events }],
      });
      state = events.reduce(evolve, state);
      version += events.length;
      revision++;
    }
  }
}
