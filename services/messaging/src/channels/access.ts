import type { ExpressionBuilder } from 'kysely';
import type { MessagingDb, MessagingTables } from '../tables.ts';
import { ChannelNotFound } from './decide.ts';

/** Whether `viewerId` is a member of the channel a query reads (`channels.id`), as the column `is_member`. */
export const viewerIsMember = (eb: ExpressionBuilder<MessagingTables, 'channels'>, viewerId: string) =>
  eb
    .exists(
      eb
        .selectFrom('channel_members')
        .whereRef('channel_members.channel_id', '=', 'channels.id')
        .where('channel_members.user_id', '=', viewerId),
    )
    .as('is_member');

/**
 * Throws 'Channel not found' unless `viewerId` may read the channel: it is public, or they are a
 * member. A private channel someone is not in does not exist for them, so it is a 404, never a 403.
 * The check alone, without the channel's members: it runs on every read of messages and every room
 * join by the realtime tier (each visit and reconnect), and a big channel has many members.
 */
export async function assertReadable(db: MessagingDb, channelId: string, viewerId: string): Promise<void> {
  const row = await db
    .selectFrom('channels')
    .select((eb) => ['type', viewerIsMember(eb, viewerId)])
    .where('id', '=', channelId)
    .executeTakeFirst();
  if (!row || (row.type === 'private' && !row.is_member)) throw ChannelNotFound();
}
