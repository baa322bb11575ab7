import { messagingRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import { sql } from 'kysely';
import type { MessagingDb, MessagingTables } from '../tables.ts';

/**
 * Unread messages summed over a person's conversations and over the channels they belong to: each
 * one's last sequence less the person's read position there (none read when there is no position),
 * the same arithmetic as each row's unreadCount in the lists.
 */
export async function unreadTotals(db: MessagingDb, userId: string): Promise<{ chats: number; channels: number }> {
  const unread = sql<string>`coalesce(sum(greatest(0, last_sequence - coalesce(read_positions.read_sequence, 0))), 0)`;
  const [chats, channels] = await Promise.all([
    db
      .selectFrom('chats')
      .leftJoin('read_positions', (join) =>
        join.onRef('read_positions.conversation_id', '=', 'chats.id').on('read_positions.user_id', '=', userId),
      )
      .where((eb) => eb.or([eb('participant_a', '=', userId), eb('participant_b', '=', userId)]))
      .select(unread.as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('channels')
      .innerJoin('channel_members', (join) =>
        join.onRef('channel_members.channel_id', '=', 'channels.id').on('channel_members.user_id', '=', userId),
      )
      .leftJoin('read_positions', (join) =>
        join.onRef('read_positions.conversation_id', '=', 'channels.id').on('read_positions.user_id', '=', userId),
      )
      .select(unread.as('n'))
      .executeTakeFirst(),
  ]);
  return { chats: Number(chats?.n ?? 0), channels: Number(channels?.n ?? 0) };
}

/** GET /api/chat/unread: the sidebar's Inbox and Community badges. */
export function registerUnreadRoute(ctx: ServiceContext<MessagingTables>) {
  registerRoute(ctx.app, ctx.verifier, messagingRoutes.unreadTotals, async ({ caller }) => ({
    success: true as const,
    data: await unreadTotals(ctx.db, caller.sub),
  }));
}
