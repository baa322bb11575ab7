import type { PersonalDataExport } from '@commonwork/kit';
import type { MessagingTables } from '../tables.ts';

/**
 * Messaging's part of a person's export: the channels they created and belong to, every channel
 * message they wrote (with its channel's name), their gig conversations with all their messages
 * (both people's: each participant reads the whole conversation), their pins and stars, and the
 * incoming webhooks they made (never a token's hash).
 */
export const exportMessagingPerson: PersonalDataExport<MessagingTables> = async (personId, db) => {
  const channelsCreated = await db
    .selectFrom('channels')
    .select(['id', 'name', 'description', 'type', 'category', 'member_count as memberCount', 'created_at as createdAt'])
    .where('creator_id', '=', personId)
    .orderBy('created_at')
    .execute();
  const memberships = await db
    .selectFrom('channel_members as m')
    .innerJoin('channels as c', 'c.id', 'm.channel_id')
    .select(['m.channel_id as channelId', 'c.name as channelName', 'm.role', 'm.joined_at as joinedAt'])
    .where('m.user_id', '=', personId)
    .orderBy('m.joined_at')
    .execute();
  const channelMessages = await db
    .selectFrom('channel_messages as m')
    .innerJoin('channels as c', 'c.id', 'm.channel_id')
    .select([
      'm.id',
      'm.channel_id as channelId',
      'c.name as channelName',
      'm.content',
      'm.attachments',
      'm.reactions',
      'm.is_edited as edited',
      'm.deleted',
      'm.created_at as createdAt',
      'm.updated_at as updatedAt',
    ])
    .where('m.sender_id', '=', personId)
    .orderBy('m.created_at')
    .execute();
  const chats = await db
    .selectFrom('chats as c')
    .leftJoin('gigs as g', 'g.gig_id', 'c.gig_id')
    .select(['c.id', 'c.participant_a', 'c.participant_b', 'c.gig_id as gigId', 'g.title as gigTitle', 'c.last_activity as lastActivity'])
    .where((eb) => eb.or([eb('c.participant_a', '=', personId), eb('c.participant_b', '=', personId)]))
    .orderBy('c.last_activity')
    .execute();
  const chatMessages = chats.length
    ? await db
        .selectFrom('chat_messages')
        .select([
          'id',
          'chat_id',
          'sender_id as senderId',
          'content',
          'system',
          'attachments',
          'reactions',
          'is_edited as edited',
          'deleted',
          'created_at as createdAt',
        ])
        .where(
          'chat_id',
          'in',
          chats.map((c) => c.id),
        )
        .orderBy('chat_id')
        .orderBy('sequence')
        .execute()
    : [];
  const conversations = chats.map(({ participant_a, participant_b, ...chat }) => ({
    ...chat,
    with: participant_a === personId ? participant_b : participant_a,
    messages: chatMessages.filter((m) => m.chat_id === chat.id).map(({ chat_id: _, ...m }) => m),
  }));
  const pinsAndStars = await db
    .selectFrom('channel_marks')
    .select(['channel_id as channelId', 'pinned', 'starred'])
    .where('user_id', '=', personId)
    .execute();
  const incomingWebhooks = await db
    .selectFrom('incoming_hooks')
    .select(['id', 'channel_id as channelId', 'name', 'token_hint as tokenHint', 'created_at as createdAt', 'revoked_at as revokedAt'])
    .where('created_by', '=', personId)
    .orderBy('created_at')
    .execute();
  return { channelsCreated, memberships, channelMessages, conversations, pinsAndStars, incomingWebhooks };
};
