import type { ServiceContext } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';
import type { MessagingTables } from '../tables.ts';
import { readAggregate } from './aggregate.ts';
import { readPositionOf } from './decide.ts';

/**
 * Marks a conversation read up to `sequence` (default: its latest), through the reader's read
 * stream; the answer is where they have read to and the exact unread count.
 */
export function conversationReads(ctx: ServiceContext<MessagingTables>) {
  const reads = ctx.aggregate(readAggregate);
  return async (
    request: FastifyRequest,
    userId: string,
    kind: 'channel' | 'chat',
    conversationId: string,
    lastSequence: number,
    sequence?: number,
  ) => {
    const row = await ctx.db
      .selectFrom('read_positions')
      .select('read_sequence')
      .where('user_id', '=', userId)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    const alreadyRead = row?.read_sequence ?? 0;
    const { state } = await reads.handle(
      userId,
      { type: 'MarkRead', userId, kind, conversationId, lastSequence, sequence, alreadyRead },
      ctx.metadataFor(request, userId),
    );
    const readSequence = readPositionOf(state, conversationId, alreadyRead);
    return { readSequence, unreadCount: lastSequence - readSequence };
  };
}
