import { randomUUID } from 'node:crypto';
import {
  type ChannelMessage,
  ChannelMessageUpdated,
  channelMessage,
  type MessageChange,
  type MessageChangeKind,
  messageChangeOf,
  withMessageChange,
} from '@commonwork/contracts';
import type { StoredEvent } from '@commonwork/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publishMessagingEvent } from '../publish.ts';
import { messageDecider } from './decide.ts';
import type { MessageCommand, MessageEvent, MessageState, PostedMessage } from './message.ts';

const channelId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const people = [
  '11111111-2222-4333-8444-555555555555',
  '22222222-3333-4444-8555-666666666666',
  '33333333-4444-4555-8666-777777777777',
] as const;
const createdAt = '2026-11-26T08:00:00.000Z';

/** Two messages of the channel, by the first two people, with a file and a mention each. */
const posted: PostedMessage[] = [0, 1].map((i) => ({
  conversation: { kind: 'channel', channelId },
  messageId: `44444444-5555-4666-8777-88888888888${i}`,
  sequence: i + 1,
  sender: { id: people[i] as string, name: `Person ${i}`, picture: '' },
  content: `message ${i}`,
  clientId: null,
  createdAt,
  attachments: [{ type: 'image', url: `/media/${i}.png`, name: `${i}.png`, width: 10, height: 10 }],
  mentions: [people[2]],
}));

/** The message as a reader holds it after loading the page before any change. */
const asLoaded = (m: PostedMessage): ChannelMessage =>
  channelMessage({
    id: m.messageId,
    channelId,
    sequence: m.sequence,
    sender: m.sender,
    content: m.content,
    clientId: null,
    createdAt,
    attachments: m.attachments,
    mentions: m.mentions,
  });

type Step = { message: number; actor: number; at: number } & (
  | { type: 'react'; emoji: string; on: boolean }
  | { type: 'edit'; content: string }
  | { type: 'delete' }
);
const step: fc.Arbitrary<Step> = fc.record({ message: fc.nat(1), actor: fc.nat(2), at: fc.nat(1_000) }).chain((base) =>
  fc
    .oneof(
      {
        weight: 6,
        arbitrary: fc.record({ type: fc.constant('react' as const), emoji: fc.constantFrom('👍', '🎉', '👀'), on: fc.boolean() }),
      },
      { weight: 2, arbitrary: fc.record({ type: fc.constant('edit' as const), content: fc.string({ minLength: 1, maxLength: 12 }) }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const) }) },
    )
    .map((kind) => ({ ...base, ...kind }) as Step),
);

/**
 * Runs the steps through messaging's decider as its routes do (a refused or empty decision takes no
 * revision), and publishes each event as the outbox does: the channel's `message_updated` events,
 * in revision order, and each message as the last of them left it.
 */
function run(steps: readonly Step[]) {
  const states: MessageState[] = posted.map(() => null);
  const published: { revision: number; message: ChannelMessage; change: MessageChangeKind | undefined }[] = [];
  for (const s of steps) {
    const message = posted[s.message] as PostedMessage;
    const request = {
      message,
      actorId: people[s.actor] as string,
      actorModerates: false,
      at: new Date(Date.parse(createdAt) + (s.at + 1) * 1000).toISOString(),
      revision: published.length + 1,
    };
    const command: MessageCommand =
      s.type === 'react'
        ? { type: s.on ? 'AddReaction' : 'RemoveReaction', emoji: s.emoji, ...request }
        : s.type === 'edit'
          ? { type: 'EditMessage', content: s.content, mentions: [], ...request }
          : { type: 'DeleteMessage', ...request };
    let events: MessageEvent[];
    try {
      events = messageDecider.decide(command, states[s.message] ?? null);
    } catch {
      continue;
    }
    for (const event of events) {
      states[s.message] = messageDecider.evolve(states[s.message] ?? null, event);
      const stored = {
        ...event,
        eventId: randomUUID(),
        streamId: `message-${message.messageId}`,
        version: 1,
        metadata: {},
        occurredAt: new Date(request.at),
      } as unknown as StoredEvent<MessageEvent>;
      const envelope = publishMessagingEvent(stored);
      expect(envelope?.type).toBe(ChannelMessageUpdated.type);
      const data = ChannelMessageUpdated.schema.parse(envelope?.data);
      published.push({ revision: request.revision, message: data.message, change: data.change });
    }
  }
  const final = posted.map((m) => published.findLast((p) => p.message.id === m.messageId)?.message ?? asLoaded(m));
  return { published, final };
}

/** A reader's copies after the changes, each applied to the message it is about (through JSON, as on the wire). */
function applyAll(changes: readonly MessageChange[], firstRevision: number, held: readonly ChannelMessage[]) {
  const wire = JSON.parse(JSON.stringify(changes)) as MessageChange[];
  return wire.reduce(
    (copies, change, i) =>
      copies.map((m) =>
        m.id === ('message' in change ? change.message.id : change.id) ? withMessageChange(m, change, firstRevision + i) : m,
      ),
    held,
  );
}

describe('a change as only what it changed (messages-updated)', () => {
  it('applied in order to the messages as loaded, gives every message as the last change left it (reactions, edits, deletions in any order)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { published, final } = run(steps);
        const changes = published.map((p) => messageChangeOf(p.message, p.change));
        expect(applyAll(changes, 1, posted.map(asLoaded))).toEqual(final);
      }),
      { numRuns: 150 },
    );
  });

  it('from events published before they said what changed, sends whole messages that give the same', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const { published, final } = run(steps);
        const changes = published.map((p) => messageChangeOf(p.message, undefined));
        expect(applyAll(changes, 1, posted.map(asLoaded))).toEqual(final);
      }),
      { numRuns: 60 },
    );
  });

  it('applied to copies that already have some of them (a REST answer, a catch-up), changes nothing twice', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.nat(), (steps, cut) => {
        const { published, final } = run(steps);
        const changes = published.map((p) => messageChangeOf(p.message, p.change));
        // The reader fetched every message as it was after revision k, then gets every change again.
        const k = published.length ? cut % (published.length + 1) : 0;
        const fetched = posted.map((m) => published.slice(0, k).findLast((p) => p.message.id === m.messageId)?.message ?? asLoaded(m));
        expect(applyAll(changes, 1, fetched)).toEqual(final);
      }),
      { numRuns: 60 },
    );
  });

  it('is a small part of the message: a reaction names the emoji and the one person, not everyone who gave it', () => {
    const steps: Step[] = [0, 1, 2].map((actor) => ({ message: 0, actor, at: actor, type: 'react', emoji: '👍', on: true }));
    const { published } = run(steps);
    const last = published.at(-1);
    expect(last?.message.reactions).toEqual([{ emoji: '👍', count: 3, users: [...people] }]);
    expect(messageChangeOf(last?.message as ChannelMessage, last?.change)).toEqual({
      id: posted[0]?.messageId,
      at: last?.message.updatedAt,
      reaction: { emoji: '👍', userId: people[2], added: true },
    });
  });
});
