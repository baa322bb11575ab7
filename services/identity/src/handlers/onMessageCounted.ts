import { ChannelMessagePosted, ChatMessagePosted } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import { addToFigures } from '../stats/figures.ts';
import type { StatsDb } from '../tables.ts';

/** A person's messages: every one they send, in a channel or a chat (messaging's events). */
export const onMessageCounted = defineReadModel(['stats_days'], [ChannelMessagePosted, ChatMessagePosted], async (trx: StatsDb, event) => {
  await addToFigures(trx, event.data.message.sender._id, new Date(event.envelope.occurredAt), { messages: 1 });
});
