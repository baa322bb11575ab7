import { ChannelMessagePosted, ChatMessagePosted } from '@commonwork/contracts';
import { defineBatchReadModel } from '@commonwork/kit';
import { addAllToFigures } from '../stats/figures.ts';
import type { StatsDb } from '../tables.ts';

/**
 * A person's messages: every one they send, in a channel or a chat (messaging's events). Counted a
 * run at a time: a busy channel's posts by one person are one statement, not one each.
 */
export const onMessageCounted = defineBatchReadModel(
  ['stats_days'],
  [ChannelMessagePosted, ChatMessagePosted],
  async (trx: StatsDb, events) => {
    await addAllToFigures(
      trx,
      events.map((event) => ({ userId: event.data.message.sender._id, at: new Date(event.envelope.occurredAt), delta: { messages: 1 } })),
    );
  },
);
