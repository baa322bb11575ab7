import type { ServiceContext } from '@commonwork/kit';
import { handleCommand } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';
import type { MessagingDb } from '../tables.ts';
import { projectReadEvents } from './projection.ts';
import { type ReadEvent, readStreamId } from './read.ts';

/**
 * Marks a conversation read up to `sequence` (default: its latest). Read positions only move
 * forward, so a stale device cannot make messages unread again; the answer is the exact unread count.
 */
export async function readConversation(
  ctx: ServiceContext,
  request: FastifyRequest,
  userId: string,
  kind: 'channel' | 'chat',
  conversationId: string,
  lastSequence: number,
  sequence?: number,
) {
  const db = ctx.db as MessagingDb;
  const target = Math.min(sequence ?? lastSequence, lastSequence);
  const current = await db
    .selectFrom('read_positions')
    .select('read_sequence')
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  const readSequence = Math.max(current?.read_sequence ?? 0, target);
  if (readSequence > (current?.read_sequence ?? 0)) {
    const event: ReadEvent = {
      type: 'ConversationRead',
      data: { userId, kind, conversationId, readSequence, unreadCount: lastSequence - readSequence },
    };
    await handleCommand(db, { initialState: () => null, evolve: (s) => s, decide: () => [event] }, null, {
      schema: 'messaging',
      streamId: readStreamId(userId),
      metadata: ctx.metadataFor(request, userId),
      now: new Date(),
      project: (trx, events) => projectReadEvents(trx as MessagingDb, events),
      afterCommit: ctx.published,
      // A user's read marks never conflict with one another: append after whatever is there.
      load: async () => ({ state: null, version: 'any' as const }),
    });
  }
  return { readSequence, unreadCount: lastSequence - readSequence };
}
