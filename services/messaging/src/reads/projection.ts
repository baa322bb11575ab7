import type { StoredEvent } from '@commonwork/kit';
import { advanceRead, type MessagingDb } from '../tables.ts';
import type { ReadEvent } from './read.ts';

export async function projectReadEvents(trx: MessagingDb, events: StoredEvent<ReadEvent>[]) {
  for (const { data } of events) await advanceRead(trx, data.userId, data.conversationId, data.readSequence);
}
