import type { StoredEvent } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';
import type { ChannelEvent } from './channel.ts';
import { markMentions } from './mentions.ts';

/**
 * Applies channel events to the read tables; the live path and the rebuild both use it. Messages
 * posted one after another (a busy channel's group commit, a rebuild) are written together.
 */
export async function projectChannelEvents(trx: MessagingDb, events: StoredEvent<ChannelEvent>[]) {
  for (const run of runsOfPosts(events)) {
    if (run.posts) {
      await projectPosts(trx, run.posts);
      continue;
    }
    const event = run.event;
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
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}

type Posted = StoredEvent<Extract<ChannelEvent, { type: 'MessagePosted' }>>;
type Other = StoredEvent<Exclude<ChannelEvent, { type: 'MessagePosted' }>>;

/** Events in order, consecutive MessagePosted events of one channel grouped. */
function runsOfPosts(events: StoredEvent<ChannelEvent>[]) {
  const runs: ({ posts: Posted[]; event?: never } | { posts?: never; event: Other })[] = [];
  for (const event of events) {
    const last = runs.at(-1);
    if (event.type !== 'MessagePosted') runs.push({ event });
    else if (last?.posts && last.posts[0]?.data.channelId === event.data.channelId) last.posts.push(event);
    else runs.push({ posts: [event] });
  }
  return runs;
}

/**
 * Messages posted in one channel, in one statement: the messages, the channel's counters (from the
 * last of them) and each sender's read position (whoever writes has read everything before: the
 * sender's own messages are never unread).
 */
async function projectPosts(trx: MessagingDb, posts: Posted[]) {
  const last = posts.at(-1) as Posted;
  const readUpTo = new Map<string, number>();
  for (const { data } of posts) readUpTo.set(data.sender.userId, data.sequence);
  const { channelId, sequence, messageCount } = last.data;
  await trx
    .with('posted', (db) =>
      db.insertInto('channel_messages').values(
        posts.map(({ data, occurredAt }) => ({
          id: data.messageId,
          channel_id: data.channelId,
          sequence: data.sequence,
          sender_id: data.sender.userId,
          sender_name: data.sender.name,
          sender_picture: data.sender.picture,
          content: data.content,
          client_id: data.clientId,
          created_at: occurredAt,
          mentions: JSON.stringify(data.mentions ?? []),
          attachments: JSON.stringify(data.attachments ?? []),
          app: data.app ? JSON.stringify(data.app) : null,
        })),
      ),
    )
    .with('counted', (db) =>
      db
        .updateTable('channels')
        .set({ message_count: messageCount, last_sequence: sequence, last_activity: last.occurredAt, version: last.streamVersion })
        .where('id', '=', channelId),
    )
    .insertInto('read_positions')
    .values([...readUpTo].map(([userId, read]) => ({ user_id: userId, conversation_id: channelId, read_sequence: read })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'conversation_id'])
        .doUpdateSet((eb) => ({ read_sequence: eb.ref('excluded.read_sequence') }))
        .where('read_positions.read_sequence', '<', (eb) => eb.ref('excluded.read_sequence')),
    )
    .execute();
  await markMentions(
    trx,
    posts.map(({ data }) => ({ channelId, sequence: data.sequence, senderId: data.sender.userId, mentions: data.mentions ?? [] })),
  );
}
