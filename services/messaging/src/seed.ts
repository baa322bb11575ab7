import type { Attachment, EventMetadata, Mentionable } from '@commonwork/contracts';
import { type Aggregate, type Database, type DomainEvent, importEvents, nameBasedId } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import { channelMarksAggregate } from './channelMarks/aggregate.ts';
import type { ChannelMarkCommand } from './channelMarks/decide.ts';
import { channelAggregate } from './channels/aggregate.ts';
import type { ChannelCommand } from './channels/decide.ts';
import { chatAggregate } from './chats/aggregate.ts';
import { chatIdFor } from './chats/chat.ts';
import type { ChatCommand } from './chats/decide.ts';
import { eventChannelId } from './handlers/onTechEventChanged.ts';
import { type DemoReaction, seedChannelReactions } from './messages/seed.ts';
import type { MessagingTables, PersonCard } from './tables.ts';

/** A message of a demo conversation: who said what, when. */
export interface DemoLine {
  sender: PersonCard;
  content: string;
  at: Date;
  /** Uploads of the sender's sent with it (stored by media's seed first). */
  attachments?: Attachment[];
  /** The people its `@names` may be (community channels): the decider mentions those who are members. */
  mentionable?: readonly Mentionable[];
  /** Reactions people add to it later (community channels). */
  reactions?: readonly DemoReaction[];
}

/** A demo community channel and its history, oldest line first. */
export interface DemoChannel {
  name: string;
  description: string;
  category: 'general' | 'random' | 'tech' | 'music';
  creatorId: string;
  createdAt: Date;
  lines: readonly DemoLine[];
  /** The people who pinned it, and who starred it, in their channel lists. */
  pinnedBy?: readonly string[];
  starredBy?: readonly string[];
}

/** A demo conversation about a gig: the buyer writes first, oldest line first. */
export interface DemoChat {
  gigId: string;
  buyerId: string;
  sellerId: string;
  lines: readonly DemoLine[];
}

/** A tech event's own channel as the demo has it: opened when the event was published, its attendees in it, some talk. */
export interface DemoEventChannel {
  eventId: string;
  organizerId: string;
  title: string;
  openedAt: Date;
  attendeeIds: readonly string[];
  lines: readonly DemoLine[];
}

type Step<C> = { at: Date; command: C };

/**
 * Decides a stream's commands in order, each on the state the previous ones left, and imports
 * each step's events at that step's time: history dated as it happened, written as the service
 * writes it (stored events, projected rows, and the outbox publishes them once the platform runs).
 */
async function importTimeline<S, C, E extends DomainEvent>(
  trx: Kysely<MessagingTables>,
  aggregate: Aggregate<MessagingTables, S, C, E>,
  id: string,
  steps: readonly Step<C>[],
  metadata: EventMetadata,
) {
  const { decide, evolve, initialState } = aggregate.decider;
  let state = initialState();
  let version = 0;
  for (const { at, command } of steps) {
    const events = decide(command, state);
    if (events.length === 0) continue;
    await importEvents(trx, aggregate, { schema: 'messaging', metadata, now: at, appends: [{ id, expectedVersion: version, events }] });
    state = events.reduce(evolve, state);
    version += events.length;
  }
}

const post = (line: DemoLine, name: string, index: number) => ({
  at: line.at,
  command: {
    type: 'PostMessage' as const,
    actor: line.sender,
    messageId: nameBasedId(`${name}:${index}`),
    content: line.content,
    clientId: null,
    ...(line.attachments && { attachments: line.attachments }),
    ...(line.mentionable && { mentionable: [...line.mentionable] }),
  },
});

/**
 * Seeds community channels with their history through messaging's channel aggregate: created by
 * their creator, then every line posted (a poster who is not a member joins by posting, as in the
 * app). Ids are name-based, so the same demo names the same channels and messages.
 */
export async function seedChannels(database: Database, channels: readonly DemoChannel[], metadata: EventMetadata) {
  const db = database.forSchema<MessagingTables>('messaging');
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const channel of channels) {
      const channelId = nameBasedId(`commonwork-demo-channel:${channel.name}`);
      const create: Step<ChannelCommand> = {
        at: channel.createdAt,
        command: {
          type: 'CreateChannel',
          channelId,
          actorId: channel.creatorId,
          name: channel.name,
          description: channel.description,
          channelType: 'public',
          category: channel.category,
        },
      };
      const lines = channel.lines.map((line, i) => post(line, `commonwork-demo-channel-message:${channelId}`, i));
      await importTimeline(trx, channelAggregate, channelId, [create, ...lines], metadata);
      await seedChannelReactions(
        trx,
        channelId,
        channel.lines.map((line) => line.reactions),
        metadata,
      );
      ids.push(channelId);
    }
    // Each person's pins and stars are one stream of theirs, across channels.
    const marks = new Map<string, Step<ChannelMarkCommand>[]>();
    channels.forEach((channel, i) => {
      const channelId = ids[i] as string;
      const mark = (userId: string, type: 'Pin' | 'Star') =>
        marks.set(userId, [
          ...(marks.get(userId) ?? []),
          { at: channel.lines.at(-1)?.at ?? channel.createdAt, command: { type, userId, channelId } },
        ]);
      for (const userId of channel.pinnedBy ?? []) mark(userId, 'Pin');
      for (const userId of channel.starredBy ?? []) mark(userId, 'Star');
    });
    for (const [userId, steps] of marks) {
      await importTimeline(
        trx,
        channelMarksAggregate,
        userId,
        steps.toSorted((a, b) => a.at.getTime() - b.at.getTime()),
        metadata,
      );
    }
  });
  return ids;
}

/** Seeds gig conversations through messaging's chat aggregate: the buyer starts the chat, then the lines follow. */
export async function seedChats(database: Database, chats: readonly DemoChat[], metadata: EventMetadata) {
  const db = database.forSchema<MessagingTables>('messaging');
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const chat of chats) {
      const first = chat.lines[0];
      if (!first) continue;
      const chatId = chatIdFor(chat.buyerId, chat.sellerId, chat.gigId);
      const start: Step<ChatCommand> = {
        at: first.at,
        command: { type: 'StartChat', chatId, actorId: chat.buyerId, recipientId: chat.sellerId, gigId: chat.gigId },
      };
      const lines = chat.lines.map((line, i) => {
        const messageId = nameBasedId(`commonwork-demo-chat-message:${chatId}:${i}`);
        return {
          at: line.at,
          command: { type: 'PostChatMessage' as const, actor: line.sender, messageId, content: line.content, clientId: null },
        };
      });
      await importTimeline(trx, chatAggregate, chatId, [start, ...lines], metadata);
      ids.push(chatId);
    }
  });
  return ids;
}

/**
 * Opens tech events' channels as messaging does when their events are published (the same
 * commands and the same channel ids as onTechEventChanged), with the attendees joined and a few
 * lines of talk. When the platform then handles the events' published events, each channel is
 * found open and each attendee already in it, so nothing is done twice.
 */
export async function seedEventChannels(database: Database, channels: readonly DemoEventChannel[], metadata: EventMetadata) {
  const db = database.forSchema<MessagingTables>('messaging');
  await db.transaction().execute(async (trx) => {
    for (const channel of channels) {
      const channelId = eventChannelId(channel.eventId);
      const { eventId, organizerId, title, openedAt } = channel;
      const steps: Step<ChannelCommand>[] = [
        { at: openedAt, command: { type: 'OpenEventChannel', channelId, eventId, organizerId, title } },
        ...channel.attendeeIds.map((userId) => ({ at: openedAt, command: { type: 'JoinEventChannel' as const, userId } })),
        ...channel.lines.map((line, i) => post(line, `commonwork-demo-channel-message:${channelId}`, i)),
      ];
      await importTimeline(trx, channelAggregate, channelId, steps, metadata);
    }
  });
  return channels.length;
}
