import type { Attachment, MessageApp, Reaction, SystemLine } from '@commonwork/contracts';
import type { GigsTable, UploadsTable } from '@commonwork/kit';
import type { ColumnType, Generated, JSONColumnType, Kysely, Selectable } from 'kysely';

/**
 * What a message carries besides its text and what changes after it is posted, alike in channels
 * and chats; every column has a default, so a post writes only what it has.
 */
interface MessageStateColumns {
  /** Null until the first change. */
  updated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  is_edited: Generated<boolean>;
  deleted: Generated<boolean>;
  reactions: JSONColumnType<Reaction[], string | undefined, string>;
  /** User ids. */
  mentions: JSONColumnType<string[], string | undefined, string>;
  attachments: JSONColumnType<Attachment[], string | undefined, string>;
  /** The conversation's change counter at the last change; 0 until one. */
  revision: Generated<number>;
  /** How many changes the message's own stream holds (its version): the state above is the fold of them. */
  changes: Generated<number>;
}

/** Messaging's tables: its own projections and the read models fed by other services' events. */
export interface MessagingTables {
  channels: {
    id: string;
    name: string;
    description: string;
    type: 'public' | 'private';
    category: 'general' | 'random' | 'tech' | 'music';
    creator_id: string;
    join_link: string | null;
    member_count: number;
    message_count: number;
    last_sequence: number;
    last_activity: Date;
    version: number;
    created_at: Date;
  };
  channel_members: { channel_id: string; user_id: string; role: 'admin' | 'member'; joined_at: Date };
  channel_messages: {
    id: string;
    channel_id: string;
    sequence: number;
    sender_id: string;
    sender_name: string;
    sender_picture: string;
    content: string;
    client_id: string | null;
    created_at: Date;
    /** The incoming webhook that posted it; null on a person's message. */
    app: ColumnType<MessageApp | null, string | null | undefined, string | null>;
  } & MessageStateColumns;
  chats: {
    id: string;
    participant_a: string;
    participant_b: string;
    gig_id: string;
    created_by: string;
    last_sequence: number;
    last_message: string | null;
    last_sender_id: string | null;
    last_activity: Date;
    version: number;
  };
  chat_messages: {
    id: string;
    chat_id: string;
    sequence: number;
    sender_id: string;
    content: string;
    client_id: string | null;
    created_at: Date;
    /** An order's step, on a line of the platform's; null on a person's message. */
    system: ColumnType<SystemLine | null, string | null | undefined, string | null>;
  } & MessageStateColumns;
  /** Each conversation's change counter: every edit, deletion or reaction takes the next number. */
  conversation_revisions: { conversation_id: string; revision: number };
  read_positions: { user_id: string; conversation_id: string; read_sequence: number };
  /** Every word (3 to 40 characters) any message ever held, kept by a trigger: what a typo is matched against. */
  message_words: { word: string };
  /** One person's pin and star on a channel. */
  channel_marks: { user_id: string; channel_id: string; pinned: boolean; starred: boolean };
  people: { user_id: string; name: string; email: string; picture: string; username: string | null; updated_at: Date };
  /** A mention of `user_id` in a channel's message `sequence` (not by themselves). */
  mention_marks: { user_id: string; channel_id: string; sequence: number };
  /** Uploads by url, as media's events tell them: whose each is, and what (an attachment's facts). */
  uploads: UploadsTable;
  gigs: GigsTable;
  /** Incoming webhooks (incomingHooks/): only a hash of each secret token. */
  incoming_hooks: {
    id: string;
    channel_id: string;
    name: string;
    token_hash: string;
    /** The token's last 4 characters, to tell hooks apart in a list. */
    token_hint: string;
    created_by: string;
    created_at: Date;
    revoked_at: Date | null;
  };
  /**
   * Each hook's use, kept outside events: when the next post is allowed (the rate limit's clock,
   * GCRA) and when one was last accepted.
   */
  incoming_hook_usage: { hook_id: string; allowed_at: Date; last_used_at: Date };
}

export type MessagingDb = Kysely<MessagingTables>;
export type ChannelMessageRow = Selectable<MessagingTables['channel_messages']>;
export type ChatMessageRow = Selectable<MessagingTables['chat_messages']>;

/** A person as messages show them; someone not yet known locally shows as 'Member'. */
export interface PersonCard {
  userId: string;
  name: string;
  email: string;
  picture: string;
}

export async function personCard(db: MessagingDb, userId: string): Promise<PersonCard> {
  const row = await db.selectFrom('people').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return { userId, name: row?.name ?? 'Member', email: row?.email ?? '', picture: row?.picture ?? '' };
}

/** Moves a read position forward, never back (reads from two devices may arrive in any order). */
export async function advanceRead(trx: MessagingDb, userId: string, conversationId: string, sequence: number) {
  await trx
    .insertInto('read_positions')
    .values({ user_id: userId, conversation_id: conversationId, read_sequence: sequence })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'conversation_id'])
        .doUpdateSet({ read_sequence: sequence })
        .where('read_positions.read_sequence', '<', sequence),
    )
    .execute();
}
