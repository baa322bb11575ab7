import { RESPONSE_TIME_RULE, type ResponseTime } from '@commonwork/contracts';
import type { MessagingDb } from '../tables.ts';

const MINUTE_MS = 60_000;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

/**
 * How `userId` answers people who write to them about their gigs, from the conversations read model:
 * the latest conversations about their gigs in which the other person wrote first, how many they
 * answered, and the median minutes from that first message to their first reply (an order's lines
 * are nobody's messages). Read when asked, bounded by the rule's window, so it follows every
 * message without a table of its own.
 */
export async function responseTimeOf(db: MessagingDb, userId: string): Promise<ResponseTime> {
  const rows = await db
    .with('about_their_gigs', (qb) =>
      qb
        .selectFrom('chats as c')
        .innerJoin('gigs as g', 'g.gig_id', 'c.gig_id')
        .where('g.owner_id', '=', userId)
        .where((eb) => eb.or([eb('c.participant_a', '=', userId), eb('c.participant_b', '=', userId)]))
        .select((eb) => [
          'c.id',
          eb
            .selectFrom('chat_messages as m')
            .select('m.sender_id')
            .whereRef('m.chat_id', '=', 'c.id')
            .where('m.system', 'is', null)
            .orderBy('m.sequence')
            .limit(1)
            .as('first_sender'),
          eb
            .selectFrom('chat_messages as m')
            .select('m.created_at')
            .whereRef('m.chat_id', '=', 'c.id')
            .where('m.system', 'is', null)
            .orderBy('m.sequence')
            .limit(1)
            .as('asked_at'),
          eb
            .selectFrom('chat_messages as m')
            .select((m) => m.fn.min('m.created_at').as('first'))
            .whereRef('m.chat_id', '=', 'c.id')
            .where('m.sender_id', '=', userId)
            .as('answered_at'),
        ]),
    )
    .selectFrom('about_their_gigs')
    .select(['asked_at', 'answered_at'])
    .where('first_sender', 'is not', null)
    .where('first_sender', '<>', userId)
    .orderBy('asked_at', 'desc')
    .limit(RESPONSE_TIME_RULE.window)
    .execute();
  const waits = rows.flatMap(({ asked_at, answered_at }) =>
    asked_at && answered_at ? [(new Date(answered_at).getTime() - new Date(asked_at).getTime()) / MINUTE_MS] : [],
  );
  const middle = median(waits);
  return { conversations: rows.length, answered: waits.length, medianMinutes: middle === null ? null : Math.round(middle) };
}
