import type { MessageSearchHit, MessageSearchQuery } from '@commonwork/contracts';
import { isTypoCandidate, toPrefixTsQuery, withStrictTypoThreshold } from '@commonwork/kit';
import { type RawBuilder, sql } from 'kysely';
import type { MessagingDb } from '../tables.ts';
import { searchedWords, snippetOf } from './snippet.ts';

/** What a message must satisfy to match, on the message table aliased `m`. */
type Match = RawBuilder<boolean>;

interface Scope {
  callerId: string;
  /** Only this channel (already checked readable); no conversations. */
  channelId: string | undefined;
}

/**
 * Messages matching `match` that the caller may read, newest first, one page and one more row
 * (to know whether a next page exists). Channels: public ones and private ones they belong to
 * (or the one channel asked for); conversations: their own. Tombstones never match.
 */
function matchingPage(db: MessagingDb, scope: Scope, match: Match, query: Pick<MessageSearchQuery, 'page' | 'limit'>) {
  const kind = (k: 'channel' | 'chat') => sql<'channel' | 'chat'>`${sql.lit(k)}`.as('kind');
  const channelHits = db
    .selectFrom('channel_messages as m')
    .select([kind('channel'), 'm.id', 'm.channel_id as conversation_id', 'm.sequence', 'm.sender_id', 'm.content', 'm.created_at'])
    .where((eb) =>
      scope.channelId
        ? eb('m.channel_id', '=', scope.channelId)
        : eb(
            'm.channel_id',
            'in',
            eb
              .selectFrom('channels')
              .select('id')
              .where('type', '=', 'public')
              .union(eb.selectFrom('channel_members').select('channel_id as id').where('user_id', '=', scope.callerId)),
          ),
    )
    .where('m.deleted', '=', false)
    .where(match);
  const chatHits = db
    .selectFrom('chat_messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select([kind('chat'), 'm.id', 'm.chat_id as conversation_id', 'm.sequence', 'm.sender_id', 'm.content', 'm.created_at'])
    .where((eb) => eb.or([eb('c.participant_a', '=', scope.callerId), eb('c.participant_b', '=', scope.callerId)]))
    .where('m.deleted', '=', false)
    .where(match);
  const hits = scope.channelId ? channelHits : channelHits.unionAll(chatHits);
  return db
    .selectFrom(hits.as('hits'))
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit)
    .execute();
}

type HitRow = Awaited<ReturnType<typeof matchingPage>>[number];

/**
 * What the hits name: channels by name, conversations by the other person and the gig, senders by
 * name and picture (channel messages carry their sender's card; chat messages are named from people).
 */
async function present(db: MessagingDb, rows: HitRow[], callerId: string, q: string): Promise<MessageSearchHit[]> {
  const idsOf = (kind: HitRow['kind']) => [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.conversation_id))];
  const channelIds = idsOf('channel');
  const chatIds = idsOf('chat');
  const channelMessageIds = rows.filter((r) => r.kind === 'channel').map((r) => r.id);
  const [channels, chats, cards] = await Promise.all([
    channelIds.length ? db.selectFrom('channels').select(['id', 'name']).where('id', 'in', channelIds).execute() : [],
    chatIds.length
      ? db
          .selectFrom('chats')
          .leftJoin('gigs', 'gigs.gig_id', 'chats.gig_id')
          .select(['chats.id', 'chats.participant_a', 'chats.participant_b', 'gigs.title'])
          .where('chats.id', 'in', chatIds)
          .execute()
      : [],
    channelMessageIds.length
      ? db.selectFrom('channel_messages').select(['id', 'sender_name', 'sender_picture']).where('id', 'in', channelMessageIds).execute()
      : [],
  ]);
  const others = chats.map((c) => (c.participant_a === callerId ? c.participant_b : c.participant_a));
  const personIds = [...new Set([...others, ...rows.filter((r) => r.kind === 'chat').map((r) => r.sender_id)])];
  const people = personIds.length
    ? await db.selectFrom('people').select(['user_id', 'name', 'picture']).where('user_id', 'in', personIds).execute()
    : [];
  const person = new Map(people.map((p) => [p.user_id, p]));
  const channelName = new Map(channels.map((c) => [c.id, c.name]));
  const chat = new Map(chats.map((c, i) => [c.id, { other: others[i] ?? '', gigTitle: c.title ?? '' }]));
  const card = new Map(cards.map((c) => [c.id, { name: c.sender_name, picture: c.sender_picture }]));

  return rows.map((row) => {
    const sender =
      row.kind === 'channel'
        ? (card.get(row.id) ?? { name: 'Member', picture: '' })
        : { name: person.get(row.sender_id)?.name ?? 'Member', picture: person.get(row.sender_id)?.picture ?? '' };
    const conversation = row.kind === 'chat' ? chat.get(row.conversation_id) : undefined;
    return {
      kind: row.kind,
      conversationId: row.conversation_id,
      conversationName:
        row.kind === 'channel' ? (channelName.get(row.conversation_id) ?? '') : (person.get(conversation?.other ?? '')?.name ?? 'Member'),
      gigTitle: row.kind === 'chat' ? (conversation?.gigTitle ?? '') : null,
      messageId: row.id,
      sequence: row.sequence,
      sender: { _id: row.sender_id, ...sender },
      createdAt: new Date(row.created_at).toISOString(),
      snippet: snippetOf(row.content, q),
    };
  });
}

/** How many written words one typed word may stand for in a typo's reading. */
const SPELLINGS = 3;

/**
 * What a search that found nothing may have meant: each typed word (of three letters or more) as
 * the few written words closest to it (strict trigram similarity on message_words, index-backed),
 * then full-text on those, every typed word required. Null when a typed word resembles nothing written.
 */
async function closestSpellings(db: MessagingDb, q: string): Promise<Match | null> {
  const typed = searchedWords(q).filter((word) => word.length >= 3);
  if (typed.length === 0) return null;
  return withStrictTypoThreshold(db, async (trx) => {
    const each: RawBuilder<unknown>[] = [];
    for (const word of typed) {
      const written = await trx
        .selectFrom('message_words')
        .select('word')
        .where(sql<boolean>`word %>> ${word}`)
        .orderBy(sql`word <->>> ${word}`)
        .limit(SPELLINGS)
        .execute();
      if (written.length === 0) return null;
      each.push(
        sql`(${sql.join(
          written.map((w) => sql`plainto_tsquery('english', ${w.word})`),
          sql` || `,
        )})`,
      );
    }
    return sql<boolean>`m.search @@ (${sql.join(each, sql` && `)})`;
  });
}

/**
 * Message search: full-text on the English stems, every word required and the last one as a
 * prefix (as gig search reads words); when that finds nothing at all and the search is short, it
 * is read as a typo (see closestSpellings). Newest first either way: a conversation's
 * history is searched for what was said lately, not for the best-ranked wording.
 */
export async function searchMessages(db: MessagingDb, scope: Scope, query: MessageSearchQuery) {
  const tsquery = toPrefixTsQuery(query.q);
  const fullText = tsquery ? sql<boolean>`m.search @@ to_tsquery('english', ${tsquery})` : null;
  let approximate = false;
  let rows: HitRow[] = [];
  if (fullText) rows = await matchingPage(db, scope, fullText, query);
  // A page past the last match is empty too: only a search that matches nothing at all reads as a typo.
  const noneAtAll =
    rows.length === 0 && (!fullText || query.page === 1 || (await matchingPage(db, scope, fullText, { page: 1, limit: 1 })).length === 0);
  const typo = noneAtAll && isTypoCandidate(query.q) ? await closestSpellings(db, query.q) : null;
  if (typo) {
    rows = await matchingPage(db, scope, typo, query);
    // The words come from every message, readable or not: a reading that finds nothing the caller
    // may read says nothing, or it would tell that some conversation of others holds such a word.
    approximate = rows.length > 0;
  }
  const page = rows.slice(0, query.limit);
  return {
    hits: await present(db, page, scope.callerId, query.q),
    page: query.page,
    hasMore: rows.length > query.limit,
    approximate,
  };
}
