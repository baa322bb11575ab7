import type { StoredEvent } from '@commonwork/kit';
import { advanceRead, type MessagingDb } from '../tables.ts';
import type { ChannelEvent } from './channel.ts';

/** Applies channel events to the read tables; the live path and the rebuild both use it. */
export async function projectChannelEvents(trx: MessagingDb, events: StoredEvent<ChannelEvent>[]) {
  for (const event of events) {
    const version = event.streamVersion;
    const at = event.occurredAt;
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
            last_activity: at,
            version,
            created_at: at,
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
            joined_at: at,
          })
          .execute();
        await trx
          .updateTable('channels')
          .set({ member_count: event.data.memberCount, version })
          .where('id', '=', event.data.channelId)
          .execute();
        break;
      case 'MemberLeft':
        await trx
          .deleteFrom('channel_members')
          .where('channel_id', '=', event.data.channelId)
          .where('user_id', '=', event.data.userId)
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
            created_at: at,
          })
          .execute();
        await trx
          .updateTable('channels')
          .set({ message_count: messageCount, last_sequence: sequence, last_activity: at, version })
          .where('id', '=', channelId)
          .execute();
        // Whoever writes has read everything before: the sender's own messages are never unread.
        await advanceRead(trx, sender.userId, channelId, sequence);
        break;
      }
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}
