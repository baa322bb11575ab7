import { type ChannelMessage, type ChatMessage, messagingRoutes, resolveMentions } from '@commonwork/contracts';
import { type Known, registerRoute, type ServiceContext } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { viewerIsMember } from '../channels/access.ts';
import { ChannelNotFound } from '../channels/decide.ts';
import { mentionableMembers } from '../channels/mentions.ts';
import { presentChannelMessage } from '../channels/present.ts';
import { ChatNotFound } from '../chats/decide.ts';
import { presentChatMessage } from '../chats/present.ts';
import { type ChannelMessageRow, type MessagingTables, personCard } from '../tables.ts';
import { messageAggregate } from './aggregate.ts';
import { knownState } from './changes.ts';
import { MessageNotFound } from './decide.ts';
import type { ChangedMessage, MessageCommand, MessageState, PostedMessage } from './message.ts';
import { postedInChannel, postedInChat } from './posted.ts';
import { conversationTurns } from './revision.ts';

/** A command as a route names it; who, when and which revision are filled in by `change`. */
type Change =
  | { type: 'EditMessage'; content: string; mentions: string[] }
  | { type: 'DeleteMessage' }
  | { type: 'AddReaction'; emoji: string }
  | { type: 'RemoveReaction'; emoji: string };

/**
 * Edits, deletions and reactions, in channels and in the inbox. Each route finds the message in a
 * conversation the caller may read (404 otherwise, as for the conversation itself) and answers the
 * whole message as it now is; the decider says who may change what.
 */

export function registerMessageRoutes(ctx: ServiceContext<MessagingTables>) {
  const { app, verifier, db } = ctx;
  const messages = ctx.aggregate(messageAggregate);

  const inTurn = conversationTurns(db, messages);

  /**
   * Decides in the conversation's turn, with its next revision (after `revision`, the conversation's
   * as the route read it), as the message's own write. Returns the route's answer, built by `answer`
   * from the changed message (undefined when nothing changed) before the write.
   */
  const change = <A>(
    request: FastifyRequest,
    actorId: string,
    target: { message: PostedMessage; known: Known<MessageState>; actorModerates: boolean; revision: number },
    what: Change,
    answer: (changed: ChangedMessage | undefined) => A,
  ) => {
    const { conversation } = target.message;
    const conversationId = conversation.kind === 'channel' ? conversation.channelId : conversation.chatId;
    const { message, known, actorModerates } = target;
    return inTurn(
      conversationId,
      {
        messageId: message.messageId,
        known,
        metadata: ctx.metadataFor(request, actorId),
        command: (revision): MessageCommand => ({ ...what, message, actorModerates, actorId, at: new Date().toISOString(), revision }),
        answer,
      },
      target.revision,
    );
  };

  /** The change counter (`conversation_revision`) of the channel or chat a query reads. */
  const revisionOf = (conversationId: 'channels.id' | 'chats.id') =>
    db
      .selectFrom('conversation_revisions')
      .select('revision')
      .where('conversation_revisions.conversation_id', '=', sql.ref<string>(conversationId))
      .as('conversation_revision');

  /**
   * A message of a channel the viewer may read (public, or a member: otherwise the channel does not
   * exist for them, as `assertReadable` says); the channel's creator is its admin. One statement: a
   * reaction pays for it before its write.
   */
  const channelMessageOf = async (channelId: string, messageId: string, viewerId: string) => {
    const found = await db
      .selectFrom('channels')
      .leftJoin('channel_messages', (join) =>
        join.onRef('channel_messages.channel_id', '=', 'channels.id').on('channel_messages.id', '=', messageId),
      )
      .selectAll('channel_messages')
      .select((eb) => [
        'channels.creator_id',
        'channels.type as channel_type',
        viewerIsMember(eb, viewerId),
        // The channel's change counter, which the change's revision follows.
        revisionOf('channels.id'),
      ])
      .where('channels.id', '=', channelId)
      .executeTakeFirst();
    if (!found || (found.channel_type === 'private' && !found.is_member)) throw ChannelNotFound();
    const { creator_id, channel_type, is_member, conversation_revision, ...message } = found;
    if (message.id === null) throw MessageNotFound();
    // Found by its id, every column of the left-joined row is there.
    const row = message as ChannelMessageRow;
    return {
      row,
      target: {
        message: postedInChannel(row),
        known: knownState(row),
        actorModerates: creator_id === viewerId,
        revision: conversation_revision ?? 0,
      },
    };
  };

  /** A message of a conversation the viewer takes part in; no one moderates a conversation of two. */
  const chatMessageOf = async (chatId: string, messageId: string, viewerId: string) => {
    const chat = await db
      .selectFrom('chats')
      .select(['participant_a', 'participant_b', revisionOf('chats.id')])
      .where('id', '=', chatId)
      .executeTakeFirst();
    if (!chat || (chat.participant_a !== viewerId && chat.participant_b !== viewerId)) throw ChatNotFound();
    const row = await db
      .selectFrom('chat_messages')
      .selectAll()
      .where('id', '=', messageId)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    if (!row) throw MessageNotFound();
    const sender = await personCard(db, row.sender_id);
    const message = postedInChat(row, [chat.participant_a, chat.participant_b], sender);
    return { row, sender, target: { message, known: knownState(row), actorModerates: false, revision: chat.conversation_revision ?? 0 } };
  };

  /** Changes a channel message and answers it whole, as it now is (as it was, when nothing changed). */
  const changeInChannel = async (
    request: FastifyRequest,
    actorId: string,
    params: { id: string; messageId: string },
    what: Change,
  ): Promise<{ success: true; data: ChannelMessage }> => {
    const { row, target } = await channelMessageOf(params.id, params.messageId, actorId);
    return change(request, actorId, target, what, (changed) => ({
      success: true as const,
      data: changed?.kind === 'channel' ? changed.message : presentChannelMessage(row),
    }));
  };

  /** Changes a chat message and answers it whole, as it now is (as it was, when nothing changed). */
  const changeInChat = async (
    request: FastifyRequest,
    actorId: string,
    params: { chatId: string; messageId: string },
    what: Change,
  ): Promise<{ success: true; data: ChatMessage }> => {
    const { row, sender, target } = await chatMessageOf(params.chatId, params.messageId, actorId);
    return change(request, actorId, target, what, (changed) => ({
      success: true as const,
      data: changed?.kind === 'chat' ? changed.message : presentChatMessage(row, sender),
    }));
  };

  // Each change reads, then makes one write whose answer is declared to it: an Idempotency-Key is
  // recorded in the write's statement, answer included (docs/decisions/kit/keyed-write-in-one-statement.md).
  const byWrite = { answeredByWrite: true };
  registerRoute(
    app,
    verifier,
    messagingRoutes.editChannelMessage,
    async ({ params, body, caller, request }) =>
      changeInChannel(request, caller.sub, params, {
        type: 'EditMessage',
        content: body.content,
        mentions: resolveMentions(body.content, await mentionableMembers(db, params.id, body.content)),
      }),
    byWrite,
  );
  registerRoute(
    app,
    verifier,
    messagingRoutes.deleteChannelMessage,
    ({ params, caller, request }) => changeInChannel(request, caller.sub, params, { type: 'DeleteMessage' }),
    byWrite,
  );
  registerRoute(
    app,
    verifier,
    messagingRoutes.addChannelReaction,
    ({ params, caller, request }) => changeInChannel(request, caller.sub, params, { type: 'AddReaction', emoji: params.emoji }),
    byWrite,
  );
  registerRoute(
    app,
    verifier,
    messagingRoutes.removeChannelReaction,
    ({ params, caller, request }) => changeInChannel(request, caller.sub, params, { type: 'RemoveReaction', emoji: params.emoji }),
    byWrite,
  );
  registerRoute(
    app,
    verifier,
    messagingRoutes.editChatMessage,
    ({ params, body, caller, request }) =>
      changeInChat(request, caller.sub, params, { type: 'EditMessage', content: body.content, mentions: [] }),
    byWrite,
  );
  registerRoute(
    app,
    verifier,
    messagingRoutes.deleteChatMessage,
    ({ params, caller, request }) => changeInChat(request, caller.sub, params, { type: 'DeleteMessage' }),
    byWrite,
  );
  registerRoute(
    app,
    verifier,
    messagingRoutes.addChatReaction,
    ({ params, caller, request }) => changeInChat(request, caller.sub, params, { type: 'AddReaction', emoji: params.emoji }),
    byWrite,
  );
  registerRoute(
    app,
    verifier,
    messagingRoutes.removeChatReaction,
    ({ params, caller, request }) => changeInChat(request, caller.sub, params, { type: 'RemoveReaction', emoji: params.emoji }),
    byWrite,
  );
}
