import { precompiled, type StoredEvent } from '@commonwork/kit';
import { type Selectable, sql } from 'kysely';
import type { MessagingDb, MessagingTables } from '../tables.ts';
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

/** What `writePosts` takes: the run's rows as JSON, so its statement has one shape whatever the run's length. */
type PostsValues = {
  posts: string;
  reads: string;
  channelId: string;
  messageCount: number;
  sequence: number;
  lastActivity: Date;
  version: number;
};

/** A posted message's columns, as the run's JSON rows give them. */
const POSTED_COLUMNS = [
  'id',
  'channel_id',
  'sequence',
  'sender_id',
  'sender_name',
  'sender_picture',
  'content',
  'client_id',
  'created_at',
  'mentions',
  'attachments',
  'app',
] as const;

/**
 * Messages posted in one channel, in one statement: the messages, the channel's counters (from the
 * last of them) and each sender's read position (whoever writes has read everything before: the
 * sender's own messages are never unread). Precompiled: every post runs it
 * (docs/decisions/kit/precompiled-hot-statements.md).
 */
const writePosts = precompiled((db: MessagingDb, v: PostsValues) =>
  db
    .with('posted', (qb) =>
      qb
        .insertInto('channel_messages')
        .columns(POSTED_COLUMNS)
        .expression((eb) =>
          eb
            .selectFrom(
              sql<Selectable<MessagingTables['channel_messages']>>`(select * from jsonb_to_recordset(${v.posts}::jsonb) as r(
                id uuid, channel_id uuid, sequence integer, sender_id uuid, sender_name text, sender_picture text, content text,
                client_id text, created_at timestamptz, mentions jsonb, attachments jsonb, app jsonb))`.as('p'),
            )
            .select(POSTED_COLUMNS),
        ),
    )
    .with('counted', (qb) =>
      qb
        .updateTable('channels')
        .set({ message_count: v.messageCount, last_sequence: v.sequence, last_activity: v.lastActivity, version: v.version })
        .where('id', '=', v.channelId),
    )
    .insertInto('read_positions')
    .columns(['user_id', 'conversation_id', 'read_sequence'])
    .expression((eb) =>
      eb
        .selectFrom(
          sql<{ user_id: string; conversation_id: string; read_sequence: number }>`(select * from jsonb_to_recordset(${v.reads}::jsonb)
            as r(user_id uuid, conversation_id uuid, read_sequence integer))`.as('r'),
        )
        .select(['user_id', 'conversation_id', 'read_sequence']),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'conversation_id'])
        .doUpdateSet((eb) => ({ read_sequence: eb.ref('excluded.read_sequence') }))
        .where('read_positions.read_sequence', '<', (eb) => eb.ref('excluded.read_sequence')),
    ),
);

async function projectPosts(trx: MessagingDb, posts: Posted[]) {
  const last = posts.at(-1) as Posted;
  const readUpTo = new Map<string, number>();
  for (const { data } of posts) readUpTo.set(data.sender.userId, data.sequence);
  const { channelId, sequence, messageCount } = last.data;
  await writePosts.execute(trx, {
    posts: JSON.stringify(
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
        mentions: data.mentions ?? [],
        attachments: data.attachments ?? [],
        app: data.app ?? null,
      })),
    ),
    reads: JSON.stringify([...readUpTo].map(([userId, read]) => ({ user_id: userId, conversation_id: channelId, read_sequence: read }))),
    channelId,
    messageCount,
    sequence,
    lastActivity: last.occurredAt,
    version: last.streamVersion,
  });
  await markMentions(
    trx,
    posts.map(({ data }) => ({ channelId, sequence: data.sequence, senderId: data.sender.userId, mentions: data.mentions ?? [] })),
  );
}
