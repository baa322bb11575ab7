import type { StoredEvent } from '@commonwork/kit';
import { advanceRead, type MessagingDb } from '../tables.ts';
import type { ChannelEvent, ChannelState } from './channel.ts';
import { initialChannelState } from './channel.ts';

/** Applies channel events to the read tables; the live path and the rebuild both use it. */
export async function projectChannelEvents(trx: MessagingDb, events: StoredEvent<ChannelEvent>[]) {
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as ChannelEvent;
    const version = stored.streamVersion;
    switch (event.type) {
      case 'ChannelCreated': {
        const { channelId, name, description, type, category, creatorId } = event.data;
        await trx
          .insertInto('channels')
          .values({
            id: channelId,
            name,
            description,
            type,
            category,
            creator_id: creatorId,
            join_link: null,
            member_count: 0,
            message_count: 0,
            last_sequence: 0,
            last_activity: stored.occurredAt,
            version,
            created_at: stored.occurredAt,
          })
          .execute();
        break;
      }
      case 'MemberJoined':
        await trx
          .insertInto('channel_members')
          .values({
            channel_id: event.data.channelId,
            user_id: event.data.userId,
            role: event.data.via === 'create' ? 'admin' : 'member',
            joined_at: stored.occurredAt,
          })
          .execute();
        await trx
          .updateTable('channels')
          .set({ member_count: event.data.memberCount, version })
          .where('id', '=', event.data.channelId)
          .execute();
        break;
      case 'JoinLinkGenerated':
        await trx.updateTable('channels').set({ join_link: event.data.joinLink, version }).where('id', '=', event.data.channelId).execute();
        break;
      case 'MessagePosted': {
        const { channelId, messageId, sequence, messageCount, sender, content, clientId } = event.data;
        await trx
          .insertInto('channel_messages')
          .values({
            id: messageId,
            channel_id: channelId,
            sequence,
            sender_id: sender.userId,
            sender_name: sender.name,
            sender_picture: sender.picture,
            content,
            client_id: clientId,
            created_at: stored.occurredAt,
          })
          .execute();
        await trx
          .updateTable('channels')
          .set({ message_count: messageCount, last_sequence: sequence, last_activity: stored.occurredAt, version })
          .where('id', '=', channelId)
          .execute();
        // Whoever writes has read everything before: the sender's own messages are never unread.
        await advanceRead(trx, sender.userId, channelId, sequence);
        break;
      }
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${(never as ChannelEvent).type}`);
      }
    }
  }
}

/** The channel's state for one actor, from the read tables written with its events (a snapshot). */
export async function loadChannelState(
  db: MessagingDb,
  channelId: string,
  actorId: string,
): Promise<{ state: ChannelState; version: number }> {
  // Locked for the transaction: posters of one channel take turns for the next sequence.
  const row = await db.selectFrom('channels').selectAll().where('id', '=', channelId).forUpdate().executeTakeFirst();
  if (!row) return { state: initialChannelState(), version: 0 };
  // A statement of its own, after the lock: it reads what the poster before us committed (a first
  // post that joined this person). Folded into the locking select as a subquery, it would read the
  // snapshot taken before the wait, and two first posts of one person would both try to join.
  const member = await db
    .selectFrom('channel_members')
    .select('user_id')
    .where('channel_id', '=', channelId)
    .where('user_id', '=', actorId)
    .executeTakeFirst();
  return {
    version: row.version,
    state: {
      exists: true,
      channelId: row.id,
      type: row.type,
      creatorId: row.creator_id,
      actorIsMember: Boolean(member),
      memberCount: row.member_count,
      messageCount: row.message_count,
      lastSequence: row.last_sequence,
    },
  };
}
