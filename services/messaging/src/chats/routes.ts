import { randomUUID } from 'node:crypto';
import { messagingRoutes } from '@commonwork/contracts';
import { attachmentsOf, createError, registerRoute, type ServiceContext, ValidationFailed } from '@commonwork/kit';
import { listMessages } from '../reads/listMessages.ts';
import { conversationReads } from '../reads/readConversation.ts';
import { senderOfSend } from '../reads/sentBefore.ts';
import type { MessagingTables, PersonCard } from '../tables.ts';
import { chatAggregate } from './aggregate.ts';
import { chatIdFor } from './chat.ts';
import { ChatNotFound } from './decide.ts';
import { presentChat, presentChatMessage } from './present.ts';
import { responseTimeOf } from './responseTimes.ts';

const GigUnavailable = createError('GIG_NOT_FOUND', 'Gig not found', 404);

export function registerChatRoutes(ctx: ServiceContext<MessagingTables>) {
  const { app, verifier, db } = ctx;
  const chats = ctx.aggregate(chatAggregate);
  const readConversation = conversationReads(ctx);

  const peopleMap = async (ids: string[]) => {
    const rows = ids.length ? await db.selectFrom('people').selectAll().where('user_id', 'in', ids).execute() : [];
    return new Map<string, PersonCard>(
      rows.map((r) => [r.user_id, { userId: r.user_id, name: r.name, email: r.email, picture: r.picture }]),
    );
  };

  /**
   * The chat, if `viewerId` takes part in it; 404 alike when it does not exist and when it is someone
   * else's, since chat ids derive from public ids and a different answer would tell which chats exist.
   */
  const ownChat = async (chatId: string, viewerId: string) => {
    const row = await db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
    if (!row || (row.participant_a !== viewerId && row.participant_b !== viewerId)) throw ChatNotFound();
    return row;
  };

  const present = async (chatIds: string[], viewerId: string) => {
    if (chatIds.length === 0) return [];
    const rows = await db.selectFrom('chats').selectAll().where('id', 'in', chatIds).orderBy('last_activity', 'desc').execute();
    const people = await peopleMap([...new Set(rows.flatMap((r) => [r.participant_a, r.participant_b]))]);
    const gigs = await db
      .selectFrom('gigs')
      .select(['gig_id', 'title'])
      .where('gig_id', 'in', [...new Set(rows.map((r) => r.gig_id))])
      .execute();
    const reads = await db
      .selectFrom('read_positions')
      .selectAll()
      .where('user_id', '=', viewerId)
      .where('conversation_id', 'in', chatIds)
      .execute();
    const titleOf = new Map(gigs.map((g) => [g.gig_id, g.title]));
    const readOf = new Map(reads.map((r) => [r.conversation_id, r.read_sequence]));
    return rows.map((row) => presentChat(row, people, titleOf.get(row.gig_id) ?? 'Gig', viewerId, readOf.get(row.id) ?? 0));
  };

  registerRoute(app, verifier, messagingRoutes.createChat, async ({ body, caller, request, reply }) => {
    if (body.recipientId === caller.sub)
      throw ValidationFailed('You cannot contact yourself', [{ field: 'recipientId', message: 'You cannot contact yourself' }]);
    const chatId = chatIdFor(caller.sub, body.recipientId, body.gigId);
    // The two's conversation is theirs whatever became of the gig since (an order's thread outlives it).
    const started = await db.selectFrom('chats').select('id').where('id', '=', chatId).executeTakeFirst();
    if (!started) {
      const gig = await db.selectFrom('gigs').selectAll().where('gig_id', '=', body.gigId).executeTakeFirst();
      if (!gig?.available) throw GigUnavailable();
      // A buyer writes to the gig's freelancer; the freelancer may also start it, answering someone's interest.
      if (gig.owner_id !== body.recipientId && gig.owner_id !== caller.sub) {
        throw ValidationFailed('The recipient is not the freelancer of this gig', [
          { field: 'recipientId', message: 'The recipient is not the freelancer of this gig' },
        ]);
      }
    }
    const { events } = await chats.handle(
      chatId,
      { type: 'StartChat', chatId, actorId: caller.sub, recipientId: body.recipientId, gigId: body.gigId },
      ctx.metadataFor(request, caller.sub),
    );
    const [chat] = await present([chatId], caller.sub);
    if (!chat) throw ChatNotFound();
    const recipient = chat.participants.find((p) => p._id === body.recipientId);
    reply.status(events.length > 0 ? 201 : 200);
    return {
      success: true as const,
      message: `Chat started with ${recipient?.name ?? 'the freelancer'}!`,
      data: chat,
      chat,
      _id: chat._id,
    };
  });

  // Shown beside a freelancer's gigs: how they answer, never what was said.
  registerRoute(app, verifier, messagingRoutes.responseTime, async ({ params }) => ({
    success: true as const,
    responseTime: await responseTimeOf(db, params.userId),
  }));

  registerRoute(app, verifier, messagingRoutes.listChats, async ({ query, caller }) => {
    const mine = db.selectFrom('chats').where((eb) => eb.or([eb('participant_a', '=', caller.sub), eb('participant_b', '=', caller.sub)]));
    const total = Number((await mine.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0);
    const page = await mine
      .select('id')
      .orderBy('last_activity', 'desc')
      .orderBy('id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const chats = await present(
      page.map((r) => r.id),
      caller.sub,
    );
    return {
      success: true as const,
      chats,
      pagination: { currentPage: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)), totalChats: total },
    };
  });

  registerRoute(app, verifier, messagingRoutes.chatMessages, async ({ params, query, caller }) => {
    const chat = await ownChat(params.chatId, caller.sub);
    const { rows, hasMore, revision } = await listMessages(db, 'chat_messages', 'chat_id', params.chatId, query);
    const people = await peopleMap([chat.participant_a, chat.participant_b]);
    const messages = rows.map((row) => presentChatMessage(row, people.get(row.sender_id)));
    return { success: true as const, messages, data: { messages, hasMore, revision } };
  });

  registerRoute(app, verifier, messagingRoutes.postChatMessage, async ({ params, body, caller, request, reply }) => {
    await ownChat(params.chatId, caller.sub);
    const clientId = body.clientId ?? null;
    // The reads at once: every send pays for them before its write.
    const [{ actor, existing }, attachments] = await Promise.all([
      senderOfSend(db, 'chat_messages', 'chat_id', params.chatId, caller.sub, clientId),
      attachmentsOf(db, caller.sub, body.attachments),
    ]);
    if (existing) return { success: true as const, data: presentChatMessage(existing, actor) };
    const messageId = randomUUID();
    await chats.handle(
      params.chatId,
      { type: 'PostChatMessage', actor, messageId, content: body.content, clientId, attachments },
      ctx.metadataFor(request, caller.sub),
    );
    const row = await db.selectFrom('chat_messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();
    reply.status(201);
    return { success: true as const, data: presentChatMessage(row, actor) };
  });

  registerRoute(app, verifier, messagingRoutes.readChat, async ({ params, body, caller, request }) => {
    const chat = await ownChat(params.chatId, caller.sub);
    return {
      success: true as const,
      data: await readConversation(request, caller.sub, 'chat', params.chatId, chat.last_sequence, body.sequence),
    };
  });
}
