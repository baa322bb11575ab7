import { channelMessage, DELETED_MESSAGE, isOneEmoji, type MessageChange, type Reaction, withMessageChange } from '@commonwork/contracts';
import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CursorQuery, catchUpChanges, receiveChange, receiveChanges, seenRevision, startRevision } from './catchUp.ts';
import {
  editedCopy,
  highestRevision,
  tombstoneOf,
  withChangedMessage,
  withChangedMessages,
  withChangeUndone,
  withFrameChanges,
  withReaction,
} from './changes.ts';
import { mergeMessages } from './conversation.ts';
import { EMOJI, searchEmoji } from './emoji.ts';
import { t } from './locales/index.ts';

const ada = { id: '00000000-0000-4000-8000-00000000000a', name: 'Ada', picture: '' };
const bo = '00000000-0000-4000-8000-00000000000b';

/** A channel message as the server sends it, at a sequence, with later state. */
const message = (sequence: number, changes: Parameters<typeof channelMessage>[0] extends infer F ? Partial<F> : never = {}) =>
  channelMessage({
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    channelId: '00000000-0000-4000-8000-0000000000c1',
    sequence,
    sender: ada,
    content: `message ${sequence}`,
    clientId: null,
    createdAt: new Date(2026, 0, 1, 0, 0, sequence).toISOString(),
    ...changes,
  });
type Message = ReturnType<typeof message>;

describe('a changed message in the cache', () => {
  it('replaces the held copy with its id', () => {
    const held = [message(1), message(2)];
    const next = withChangedMessage(held, message(2, { content: 'fixed', isEdited: true, revision: 1 }));
    expect(next.map((m) => m.content)).toEqual(['message 1', 'fixed']);
    expect(next[1]?.isEdited).toBe(true);
  });

  it('ignores a copy older than the one held (a late event)', () => {
    const held = [message(1, { content: 'second edit', revision: 5 })];
    const next = withChangedMessage(held, message(1, { content: 'first edit', revision: 3 }));
    expect(next).toBe(held);
    expect(next[0]?.content).toBe('second edit');
  });

  it('does not add a message that is not held (its page brings it)', () => {
    const held = [message(1)];
    expect(withChangedMessage(held, message(9, { revision: 1 }))).toBe(held);
  });

  it('draws a deletion as the tombstone the server keeps', () => {
    const held = [message(1), message(2, { reactions: [{ emoji: '👍', count: 1, users: [bo] }] })];
    const next = withChangedMessage(held, message(2, { content: '', deleted: true, revision: 2 }));
    expect(next[1]).toMatchObject({ deleted: true, content: '', sequence: 2 });
    expect(tombstoneOf(held[1] as Message, new Date(0))).toMatchObject({ deleted: true, content: '', attachments: [], reactions: [] });
  });

  it('applies changes in revision order, and once: replaying them changes nothing', () => {
    const changes = [message(1, { content: 'a', revision: 1 }), message(1, { content: 'b', revision: 2 }), message(2, { revision: 3 })];
    const once = withChangedMessages([message(1), message(2)], changes);
    expect(once[0]?.content).toBe('b');
    expect(withChangedMessages(once, changes)).toEqual(once);
  });

  it('keeps the newest revision when a page merges over a live change', () => {
    const held = [message(1, { content: 'edited live', revision: 4 })];
    expect(mergeMessages(held, [message(1, { content: 'from an older page', revision: 2 })])[0]?.content).toBe('edited live');
    expect(mergeMessages(held, [message(1, { content: 'newer', revision: 6 })])[0]?.content).toBe('newer');
  });

  it('takes the highest revision seen as the next cursor', () => {
    expect(highestRevision(3, [message(1, { revision: 7 }), message(2, { revision: 5 })])).toBe(7);
    expect(highestRevision(3, [])).toBe(3);
  });

  it('takes a refused change back to the message as it was', () => {
    const before = message(1, { content: 'as sent', revision: 2 });
    const shown = [{ ...editedCopy(before, 'refused', new Date(0)) }];
    expect(withChangeUndone(shown, before)).toEqual([before]);
  });

  it('keeps a newer change from the server over a refused one being taken back', () => {
    const before = message(1, { content: 'as sent', revision: 2 });
    const fromServer = [message(1, { content: 'someone reacted', revision: 3 })];
    expect(withChangeUndone(fromServer, before)).toEqual(fromServer);
  });

  it('marks an optimistic edit edited, with the new text', () => {
    expect(editedCopy(message(1), 'new text', new Date(0))).toMatchObject({
      content: 'new text',
      isEdited: true,
      updatedAt: new Date(0).toISOString(),
    });
  });
});

describe('a reaction toggled', () => {
  const thumbs: Reaction = { emoji: '👍', count: 1, users: [ada.id] };

  it('adds a new emoji last, with one user', () => {
    expect(withReaction([thumbs], '🎉', bo, true)).toEqual([thumbs, { emoji: '🎉', count: 1, users: [bo] }]);
  });

  it('counts a second person on an emoji already used', () => {
    expect(withReaction([thumbs], '👍', bo, true)).toEqual([{ emoji: '👍', count: 2, users: [ada.id, bo] }]);
  });

  it('is one reaction per person and emoji: adding it again changes nothing', () => {
    expect(withReaction([thumbs], '👍', ada.id, true)).toEqual([thumbs]);
  });

  it('taken back, drops the emoji nobody uses any more', () => {
    expect(withReaction([thumbs], '👍', ada.id, false)).toEqual([]);
    expect(withReaction([{ emoji: '👍', count: 2, users: [ada.id, bo] }], '👍', bo, false)).toEqual([thumbs]);
  });
});

/** A conversation's changes on the "server": `changedAfter` pages in revision order. */
function server(changed: Message[]) {
  const asked: CursorQuery[] = [];
  const fetchPage = async (query: CursorQuery) => {
    asked.push(query);
    const after = 'changedAfter' in query ? query.changedAfter : 0;
    const messages = changed.filter((m) => m.revision > after).slice(0, query.limit);
    return { messages, hasMore: false };
  };
  return { asked, fetchPage };
}

/** A change of message 1 or 2: a reaction given or taken back by one of three people, an edit or a deletion. */
const aChange: fc.Arbitrary<MessageChange> = fc
  .record({ sequence: fc.constantFrom(1, 2), second: fc.nat(59) })
  .chain(({ sequence, second }) => {
    const id = message(sequence).id;
    const at = new Date(Date.UTC(2026, 0, 2, 0, 0, second)).toISOString();
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .record({
            emoji: fc.constantFrom('👍', '🎉'),
            userId: fc.constantFrom(ada.id, bo, '00000000-0000-4000-8000-00000000000c'),
            added: fc.boolean(),
          })
          .map((reaction) => ({ id, at, reaction })),
      },
      { weight: 2, arbitrary: fc.string({ maxLength: 8 }).map((content) => ({ id, at, content, mentions: content ? [bo] : [] })) },
      { weight: 1, arbitrary: fc.constant({ id, at, deleted: true as const }) },
    );
  });

describe('a frame of changes, each only what it changed', () => {
  const loaded = () => [message(1, { mentions: [bo], attachments: [{ type: 'other', url: '/f', name: 'f.txt' }] }), message(2)];
  /** Each held message after changes 1…n, applied one at a time: what the server's messages are after them. */
  const afterEach = (changes: readonly MessageChange[]) => {
    const states: Message[][] = [loaded()];
    changes.forEach((change, i) => {
      const held = states[i] as Message[];
      states.push(held.map((m) => ('id' in change && m.id === change.id ? withMessageChange(m, change, i + 1) : m)));
    });
    return states;
  };

  it('gives the same messages however the changes are cut into frames, with frames again and a REST answer between them', () => {
    fc.assert(
      fc.property(
        fc.array(aChange, { maxLength: 30 }),
        fc.array(fc.nat(30), { maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        (changes, cuts, again, answered) => {
          const states = afterEach(changes);
          const bounds = [...new Set([0, ...cuts.map((c) => c % (changes.length + 1)), changes.length])].sort((a, b) => a - b);
          const frames = bounds.slice(1).map((end, i) => {
            const after = bounds[i] as number;
            return { after, revision: end, changes: changes.slice(after, end) };
          });
          // A frame delivered twice, and one message answered whole by its own REST call at some revision.
          const replayed = frames.length ? [...frames, frames[again % frames.length] as (typeof frames)[number]] : frames;
          const k = answered % (changes.length + 1);
          const answer = (states[k] as Message[])[answered % 2] as Message;
          let held: readonly Message[] = loaded();
          replayed.forEach((frame, i) => {
            if (i === replayed.length - 1) held = withChangedMessage(held, answer);
            held = withFrameChanges(held, JSON.parse(JSON.stringify(frame)));
          });
          if (replayed.length === 0) held = withChangedMessage(held, answer);
          expect(held).toEqual(states.at(-1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('passes over a message not held and a copy still on its way', () => {
    const pending = { ...message(2), pending: true };
    const held = [message(1), pending];
    const at = '2026-01-02T00:00:00.000Z';
    const frame = {
      after: 0,
      revision: 2,
      changes: [
        { id: message(9).id, at, deleted: true as const },
        { id: pending.id, at, reaction: { emoji: '👍', userId: bo, added: true } },
      ],
    };
    expect(withFrameChanges(held, frame)).toBe(held);
  });
});

describe('changes live and on return', () => {
  const key = ['conversation'];

  it('starts the cursor at the first page’s revision, and a later page does not move it', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Message[]>(key, [message(1)]);
    startRevision(queryClient, key, 4);
    startRevision(queryClient, key, 9);
    expect(seenRevision(queryClient, key)).toBe(4);
  });

  it('forgets the cursor with the messages it belongs to', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Message[]>(key, [message(1)]);
    startRevision(queryClient, key, 4);
    queryClient.removeQueries({ queryKey: key, exact: true });
    expect(seenRevision(queryClient, key)).toBeUndefined();
    queryClient.setQueryData<Message[]>(key, [message(1)]);
    startRevision(queryClient, key, 7);
    expect(seenRevision(queryClient, key)).toBe(7);
  });

  it('applies the next change live without asking the server', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Message[]>(key, [message(1)]);
    startRevision(queryClient, key, 2);
    const { asked, fetchPage } = server([]);
    await receiveChange(queryClient, key, fetchPage, message(1, { content: 'edited', revision: 3 }));
    expect(queryClient.getQueryData<Message[]>(key)?.[0]?.content).toBe('edited');
    expect(seenRevision(queryClient, key)).toBe(3);
    expect(asked).toEqual([]);
  });

  it('fetches the changes a live one skipped past (changedAfter), and applies them in order', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Message[]>(key, [message(1), message(2)]);
    startRevision(queryClient, key, 1);
    const missed = [
      message(2, { content: 'edited', isEdited: true, revision: 2 }),
      message(1, { deleted: true, content: '', revision: 3 }),
    ];
    const { asked, fetchPage } = server([...missed, message(2, { content: 'edited again', revision: 4 })]);
    await receiveChange(queryClient, key, fetchPage, message(2, { content: 'edited again', revision: 4 }));
    expect(asked[0]).toMatchObject({ changedAfter: 1 });
    expect(queryClient.getQueryData<Message[]>(key)?.map((m) => [m.content, m.deleted])).toEqual([
      ['', true],
      ['edited again', false],
    ]);
    expect(seenRevision(queryClient, key)).toBe(4);
  });

  it('applies a frame of several changes without asking for the revisions it covers', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Message[]>(key, [message(1), message(2)]);
    startRevision(queryClient, key, 2);
    const { asked, fetchPage } = server([]);
    const [one, two] = [message(1).id, message(2).id];
    const at = '2026-01-02T00:00:00.000Z';
    // Revisions 3 to 6: message 1 reacted to twice, message 2 deleted, message 1 edited.
    const frame = {
      after: 2,
      revision: 6,
      changes: [
        { id: one, at, reaction: { emoji: '👍', userId: bo, added: true } },
        { id: one, at, reaction: { emoji: '🎉', userId: bo, added: true } },
        { id: two, at, deleted: true as const },
        { id: one, at, content: 'edited', mentions: [] },
      ],
    };
    await receiveChanges(queryClient, key, fetchPage, frame);
    const held = queryClient.getQueryData<Message[]>(key);
    expect(held?.map((m) => [m.content, m.deleted, m.revision])).toEqual([
      ['edited', false, 6],
      ['', true, 5],
    ]);
    expect(held?.[0]?.reactions.map((r) => r.emoji)).toEqual(['👍', '🎉']);
    expect(seenRevision(queryClient, key)).toBe(6);
    // The same frame again, or an older one arriving late, changes nothing.
    await receiveChanges(queryClient, key, fetchPage, frame);
    await receiveChanges(queryClient, key, fetchPage, { after: 0, revision: 2, changes: [{ id: one, at, content: 'old', mentions: [] }] });
    expect(queryClient.getQueryData<Message[]>(key)).toEqual(held);
    expect(seenRevision(queryClient, key)).toBe(6);
    expect(asked).toEqual([]);
  });

  it('fetches what lies between the cursor and a frame that starts past it, and applies nothing of it on copies that may lack it', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Message[]>(key, [message(1), message(2)]);
    startRevision(queryClient, key, 1);
    const skipped = message(2, { content: 'edited', isEdited: true, revision: 2 });
    const { asked, fetchPage } = server([skipped, message(1, { content: 'again', isEdited: true, revision: 4 })]);
    const frame = {
      after: 3,
      revision: 4,
      changes: [{ id: message(1).id, at: '2026-01-02T00:00:00.000Z', content: 'again', mentions: [] }],
    };
    await receiveChanges(queryClient, key, fetchPage, frame);
    expect(asked[0]).toMatchObject({ changedAfter: 1 });
    expect(queryClient.getQueryData<Message[]>(key)?.map((m) => m.content)).toEqual(['again', 'edited']);
    expect(seenRevision(queryClient, key)).toBe(4);
  });

  it('catches up a returning client from the highest revision seen, once', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Message[]>(key, [message(1), message(2)]);
    startRevision(queryClient, key, 0);
    const { asked, fetchPage } = server([
      message(1, { reactions: [{ emoji: '👍', count: 1, users: [bo] }], revision: 1 }),
      message(2, { content: 'fixed', isEdited: true, revision: 2 }),
    ]);
    await catchUpChanges(queryClient, key, fetchPage);
    await catchUpChanges(queryClient, key, fetchPage);
    expect(asked.map((q) => ('changedAfter' in q ? q.changedAfter : null))).toEqual([0, 2]);
    const held = queryClient.getQueryData<Message[]>(key);
    expect(held?.[0]?.reactions).toEqual([{ emoji: '👍', count: 1, users: [bo] }]);
    expect(held?.[1]?.content).toBe('fixed');
  });

  it('asks nothing for a conversation whose first page never came', async () => {
    const queryClient = new QueryClient();
    const { asked, fetchPage } = server([message(1, { revision: 1 })]);
    await catchUpChanges(queryClient, key, fetchPage);
    expect(asked).toEqual([]);
  });
});

describe('the emoji picker’s list', () => {
  it('holds only single emoji the server accepts, each once', () => {
    for (const { emoji } of EMOJI) expect(isOneEmoji(emoji), emoji).toBe(true);
    expect(new Set(EMOJI.map((e) => e.emoji)).size).toBe(EMOJI.length);
  });

  it('opens with the frequent reactions, and finds emoji by the start of their words', () => {
    expect(EMOJI.slice(0, 4).map((e) => e.emoji)).toEqual(['👍', '❤️', '😂', '🎉']);
    expect(searchEmoji('part').map((e) => e.emoji)).toEqual(expect.arrayContaining(['🎉', '🥳']));
    expect(searchEmoji('thumbs down').map((e) => e.emoji)).toEqual(['👎']);
    expect(searchEmoji('zzzqx')).toEqual([]);
  });
});

it('draws a tombstone with the spec’s sentence', () => {
  expect(t('conversation.deleted')).toBe(DELETED_MESSAGE);
});
