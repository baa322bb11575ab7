import { type Mentionable, mentionedNames } from '@commonwork/contracts';
import type { MessagingDb } from '../tables.ts';

/**
 * The people whose usernames `content` names with an `@`: what the channel decider resolves
 * mentions from (it keeps only the channel's members, by its own state). A post or an edit loads
 * them before deciding, so the decider stays pure; text without an `@` costs no query.
 */
export async function mentionablePeople(db: MessagingDb, content: string): Promise<Mentionable[]> {
  const names = mentionedNames(content);
  if (names.length === 0) return [];
  return db
    .selectFrom('people')
    .select(['user_id as userId', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', names))
    .execute();
}

/**
 * Mention counts: for each of `channelIds`, the messages after `userId`'s read position there that
 * mention them. A channel they have not read counts from its start.
 */
export async function mentionCounts(db: MessagingDb, userId: string, channelIds: string[]): Promise<Map<string, number>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mention_marks')
    .leftJoin('read_positions', (join) =>
      join.onRef('read_positions.conversation_id', '=', 'mention_marks.channel_id').on('read_positions.user_id', '=', userId),
    )
    .where('mention_marks.user_id', '=', userId)
    .where('mention_marks.channel_id', 'in', channelIds)
    .where((eb) => eb('mention_marks.sequence', '>', eb.fn.coalesce('read_positions.read_sequence', eb.lit(0))))
    .select((eb) => ['mention_marks.channel_id', eb.fn.countAll<string>().as('n')])
    .groupBy('mention_marks.channel_id')
    .execute();
  return new Map(rows.map((r) => [r.channel_id, Number(r.n)]));
}
