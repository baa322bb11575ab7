import { type Mentionable, mentionedNames } from '@commonwork/contracts';
import { sql } from 'kysely';
import type { MessagingDb } from '../tables.ts';

/**
 * The channel's members whose usernames `content` names with an `@`, as its read tables have them:
 * what a post's mentions are resolved from (the channel decider keeps those its own state has as
 * members), and an edit's (`resolveMentions(content, members)`: the message aggregate does not know
 * the members). Loaded before deciding, so the deciders stay pure; text without an `@` costs no query.
 */
export async function mentionableMembers(db: MessagingDb, channelId: string, content: string): Promise<Mentionable[]> {
  const names = mentionedNames(content);
  if (names.length === 0) return [];
  return db
    .selectFrom('channel_members')
    .innerJoin('people', 'people.user_id', 'channel_members.user_id')
    .select(['people.user_id as userId', 'people.username'])
    .where('channel_members.channel_id', '=', channelId)
    .where((eb) => eb(eb.fn('lower', ['people.username']), 'in', names))
    .execute();
}

/**
 * Marks who each message mentions, for their mention counts (a post; an edit that adds a mention
 * marks again: a mark already there stays one). The sender's own mention is no news to them.
 */
export async function markMentions(
  trx: MessagingDb,
  messages: readonly { channelId: string; sequence: number; senderId: string; mentions: readonly string[] }[],
) {
  const marks = messages.flatMap(({ channelId, sequence, senderId, mentions }) =>
    mentions.filter((userId) => userId !== senderId).map((userId) => ({ user_id: userId, channel_id: channelId, sequence })),
  );
  if (marks.length > 0)
    await trx
      .insertInto('mention_marks')
      .values(marks)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/**
 * Mention counts: for each of `channelIds`, the messages after `userId`'s read position there that
 * mention them. A channel they have not read counts from its start. A mark counts while its message
 * still mentions them: a deletion, or an edit that takes the mention out, drops it.
 */
export async function mentionCounts(db: MessagingDb, userId: string, channelIds: string[]): Promise<Map<string, number>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mention_marks')
    .leftJoin('read_positions', (join) =>
      join.onRef('read_positions.conversation_id', '=', 'mention_marks.channel_id').on('read_positions.user_id', '=', userId),
    )
    .innerJoin('channel_messages', (join) =>
      join
        .onRef('channel_messages.channel_id', '=', 'mention_marks.channel_id')
        .onRef('channel_messages.sequence', '=', 'mention_marks.sequence'),
    )
    .where(sql<boolean>`${sql.ref('channel_messages.mentions')} @> ${JSON.stringify([userId])}::jsonb`)
    .where('mention_marks.user_id', '=', userId)
    .where('mention_marks.channel_id', 'in', channelIds)
    .where((eb) => eb('mention_marks.sequence', '>', eb.fn.coalesce('read_positions.read_sequence', eb.lit(0))))
    .select((eb) => ['mention_marks.channel_id', eb.fn.countAll<string>().as('n')])
    .groupBy('mention_marks.channel_id')
    .execute();
  return new Map(rows.map((r) => [r.channel_id, Number(r.n)]));
}
