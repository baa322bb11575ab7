import type { StoredEvent } from '@commonwork/kit';
import { sql } from 'kysely';
import { markMentions } from '../channels/mentions.ts';
import type { MessagingDb } from '../tables.ts';
import type { ChangedMessage, MessageEvent } from './message.ts';

/**
 * Writes changed messages to their rows, and their revisions to the conversations' counters; the
 * live path (in the transaction that took the revisions) and the rebuild both use it. Every event
 * carries the whole message, so the last event of each message is its row: a burst of one
 * conversation's changes is one update per message table, one for the inbox previews and one for
 * the counters, however many changes it holds.
 */
export async function projectMessageEvents(trx: MessagingDb, events: StoredEvent<MessageEvent>[]) {
  if (events.length === 0) return;
  const latest = new Map<string, Latest>();
  for (const { data, streamVersion } of events) latest.set(data.message.id, { ...data, changes: streamVersion });
  const changed = [...latest.values()];
  await writeRows(
    trx,
    'channel_messages',
    changed.filter((c) => c.kind === 'channel'),
  );
  const inChats = changed.filter((c) => c.kind === 'chat');
  await writeRows(trx, 'chat_messages', inChats);
  await previewLastMessages(trx, inChats);
  // An edit that mentions someone new counts for them as a post's mention does.
  await markMentions(
    trx,
    events.flatMap(({ type, data }) =>
      type === 'MessageEdited' && data.kind === 'channel'
        ? [
            {
              channelId: data.channelId,
              sequence: data.message.sequence,
              senderId: data.message.sender._id,
              mentions: data.message.mentions,
            },
          ]
        : [],
    ),
  );
  await raiseRevisions(trx, changed);
}

/** A message as its last change in a batch left it, with its stream's version after that change. */
type Latest = ChangedMessage & { changes: number };

/** The state columns of each changed message, as one set of rows to join the table against. */
function changedRows(changed: readonly Latest[]) {
  const rows = changed.map(({ message, changes }) => ({
    id: message.id,
    content: message.content,
    is_edited: message.isEdited,
    deleted: message.deleted,
    updated_at: message.updatedAt,
    reactions: message.reactions,
    mentions: message.mentions,
    attachments: message.attachments,
    revision: message.revision,
    changes,
  }));
  return sql<{ id: string }>`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
    id uuid, content text, is_edited boolean, deleted boolean, updated_at timestamptz,
    reactions jsonb, mentions jsonb, attachments jsonb, revision integer, changes integer))`.as('changed');
}

async function writeRows(trx: MessagingDb, table: 'channel_messages' | 'chat_messages', changed: readonly Latest[]) {
  if (changed.length === 0) return;
  await trx
    .updateTable(table)
    .from(changedRows(changed))
    .set({
      content: sql`changed.content`,
      is_edited: sql`changed.is_edited`,
      deleted: sql`changed.deleted`,
      updated_at: sql`changed.updated_at`,
      reactions: sql`changed.reactions`,
      mentions: sql`changed.mentions`,
      attachments: sql`changed.attachments`,
      revision: sql`changed.revision`,
      changes: sql`changed.changes`,
    })
    .whereRef(`${table}.id`, '=', 'changed.id')
    .execute();
}

/** The inbox previews a conversation by its last message: an edit shows there, a deleted text goes (rows written first). */
async function previewLastMessages(trx: MessagingDb, changed: readonly ChangedMessage[]) {
  if (changed.length === 0) return;
  await trx
    .updateTable('chats')
    .from('chat_messages')
    .set((eb) => ({ last_message: eb.ref('chat_messages.content') }))
    .whereRef('chats.id', '=', 'chat_messages.chat_id')
    .whereRef('chats.last_sequence', '=', 'chat_messages.sequence')
    .where(
      'chat_messages.id',
      'in',
      changed.map((c) => c.message.id),
    )
    .execute();
}

/**
 * Each conversation's counter takes its highest changed revision: live, the number the last
 * decision took under the conversation's lock (so it is the next one); in a rebuild, each batch's
 * highest in turn. Never backwards.
 */
async function raiseRevisions(trx: MessagingDb, changed: readonly ChangedMessage[]) {
  const highest = new Map<string, number>();
  for (const c of changed) {
    const conversationId = c.kind === 'channel' ? c.channelId : c.chatId;
    highest.set(conversationId, Math.max(highest.get(conversationId) ?? 0, c.message.revision));
  }
  await trx
    .insertInto('conversation_revisions')
    .values([...highest].map(([conversation_id, revision]) => ({ conversation_id, revision })))
    .onConflict((oc) =>
      oc
        .column('conversation_id')
        .doUpdateSet({ revision: (eb) => eb.ref('excluded.revision') })
        .where('conversation_revisions.revision', '<', (eb) => eb.ref('excluded.revision')),
    )
    .execute();
}
