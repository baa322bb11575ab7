import { randomBytes, randomUUID } from 'node:crypto';
import { INVALID_JOIN_LINK, messagingRoutes } from '@commonwork/contracts';
import { attachmentsOf, createError, Forbidden, registerRoute, type ServiceContext } from '@commonwork/kit';
import { marksFor, marksOrNone } from '../channelMarks/routes.ts';
import type { MessagingConfig } from '../config.ts';
import { listMessages } from '../reads/listMessages.ts';
import { conversationReads } from '../reads/readConversation.ts';
import { senderOfSend } from '../reads/sentBefore.ts';
import type { MessagingTables } from '../tables.ts';
import { assertReadable } from './access.ts';
import { channelAggregate } from './aggregate.ts';
import { ChannelNotFound } from './decide.ts';
import { mentionableMembers, mentionCounts } from './mentions.ts';
import { presentChannel, presentChannelMessage, presentPosted } from './present.ts';

const InvalidJoinLink = createError('JOIN_LINK_INVALID', INVALID_JOIN_LINK, 404);

export function registerChannelRoutes(ctx: ServiceContext<MessagingTables>, config: Pick<MessagingConfig, 'CHANNEL_SEND_QUEUE'>) {
  const { app, verifier, db } = ctx;
  const channels = ctx.aggregate({ ...channelAggregate, queueLimit: config.CHANNEL_SEND_QUEUE });
  const readConversation = conversationReads(ctx);

  const membersOf = (channelIds: string[]) =>
    channelIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('channel_members')
          .leftJoin('people', 'people.user_id', 'channel_members.user_id')
          .select(['channel_members.channel_id', 'channel_members.user_id', 'people.name', 'people.picture', 'people.username'])
          .where('channel_members.channel_id', 'in', channelIds)
          .orderBy('channel_members.joined_at')
          .execute();

  /** The channel as `viewerId` sees it; a private channel they are not in does not exist for them. */
  const visibleChannel = async (channelId: string, viewerId: string) => {
    const row = await db.selectFrom('channels').selectAll().where('id', '=', channelId).executeTakeFirst();
    if (!row) throw ChannelNotFound();
    const [members, marks, mentions] = await Promise.all([
      membersOf([channelId]),
      marksFor(db, viewerId, [channelId]),
      mentionCounts(db, viewerId, [channelId]),
    ]);
    const read = await db
      .selectFrom('read_positions')
      .select('read_sequence')
      .where('user_id', '=', viewerId)
      .where('conversation_id', '=', channelId)
      .executeTakeFirst();
    const channel = presentChannel(
      row,
      members,
      viewerId,
      read?.read_sequence ?? null,
      marksOrNone(marks, channelId),
      mentions.get(channelId) ?? 0,
    );
    if (row.type === 'private' && !channel.isMember) throw ChannelNotFound();
    return channel;
  };

  registerRoute(app, verifier, messagingRoutes.listChannels, async ({ caller }) => {
    const rows = await db
      .selectFrom('channels')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('type', '=', 'public'),
          eb('id', 'in', eb.selectFrom('channel_members').select('channel_id').where('user_id', '=', caller.sub)),
        ]),
      )
      .orderBy('last_activity', 'desc')
      .execute();
    const ids = rows.map((r) => r.id);
    const [members, marks, mentions] = await Promise.all([
      membersOf(ids),
      marksFor(db, caller.sub, ids),
      mentionCounts(db, caller.sub, ids),
    ]);
    const reads = await db.selectFrom('read_positions').selectAll().where('user_id', '=', caller.sub).execute();
    const readOf = new Map(reads.map((r) => [r.conversation_id, r.read_sequence]));
    return {
      success: true as const,
      data: rows.map((row) =>
        presentChannel(
          row,
          members.filter((m) => m.channel_id === row.id),
          caller.sub,
          readOf.get(row.id) ?? null,
          marksOrNone(marks, row.id),
          mentions.get(row.id) ?? 0,
        ),
      ),
    };
  });

  registerRoute(app, verifier, messagingRoutes.createChannel, async ({ body, caller, request, reply }) => {
    const channelId = randomUUID();
    await channels.handle(
      channelId,
      {
        type: 'CreateChannel',
        channelId,
        actorId: caller.sub,
        name: body.name,
        description: body.description,
        channelType: body.type,
        category: body.category,
      },
      ctx.metadataFor(request, caller.sub),
    );
    reply.status(201);
    return { success: true as const, message: 'Channel created successfully!', data: await visibleChannel(channelId, caller.sub) };
  });

  registerRoute(app, verifier, messagingRoutes.channelMessages, async ({ params, query, caller }) => {
    await assertReadable(db, params.id, caller.sub);
    const { rows, hasMore, revision } = await listMessages(db, 'channel_messages', 'channel_id', params.id, query);
    const messages = rows.map((row) => presentChannelMessage(row));
    return { success: true as const, data: { messages, hasMore, revision }, messages };
  });

  // Reads, then one write whose answer is declared to it: an Idempotency-Key is recorded in the write's statement.
  registerRoute(
    app,
    verifier,
    messagingRoutes.postChannelMessage,
    async ({ params, body, caller, request, reply }) => {
      const clientId = body.clientId ?? null;
      // The reads at once: every send pays for them before its write.
      const [{ existing, actor }, mentionable, attachments] = await Promise.all([
        senderOfSend(db, 'channel_messages', 'channel_id', params.id, caller.sub, clientId),
        mentionableMembers(db, params.id, body.content),
        attachmentsOf(db, caller.sub, body.attachments),
      ]);
      if (existing) return { success: true as const, data: presentChannelMessage(existing) };
      reply.status(201);
      const { answer } = await channels.handle(
        params.id,
        { type: 'PostMessage', actor, messageId: randomUUID(), content: body.content, clientId, mentionable, attachments },
        ctx.metadataFor(request, caller.sub),
        {
          answer: ({ events }) => {
            const posted = events.find((e) => e.type === 'MessagePosted');
            if (!posted) throw new Error('PostMessage decided no MessagePosted');
            return { success: true as const, data: presentPosted(posted) };
          },
        },
      );
      return answer;
    },
    { answeredByWrite: true },
  );

  registerRoute(app, verifier, messagingRoutes.readChannel, async ({ params, body, caller, request }) => {
    const channel = await visibleChannel(params.id, caller.sub);
    if (!channel.isMember) throw Forbidden('Join the channel first');
    return {
      success: true as const,
      data: await readConversation(request, caller.sub, 'channel', params.id, channel.lastSequence, body.sequence),
    };
  });

  registerRoute(app, verifier, messagingRoutes.joinLink, async ({ params, caller, request }) => {
    const joinLink = randomBytes(18).toString('base64url');
    await channels.handle(params.id, { type: 'GenerateJoinLink', actorId: caller.sub, joinLink }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: 'Join link generated successfully!', data: { joinLink } };
  });

  registerRoute(app, verifier, messagingRoutes.joinByLink, async ({ params, caller, request }) => {
    const row = await db.selectFrom('channels').select(['id', 'name']).where('join_link', '=', params.joinLink).executeTakeFirst();
    if (!row) throw InvalidJoinLink();
    await channels.handle(row.id, { type: 'JoinByLink', actorId: caller.sub }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: `Successfully joined #${row.name}!`, data: { name: row.name, channelId: row.id } };
  });
}
