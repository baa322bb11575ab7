import { channelMessage, messageChangeOf, SOCKET_EVENTS } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { channelChangesPayload } from './onChannelMessageUpdated.ts';

const channelId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const readers = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const at = '2026-11-26T09:00:00.000Z';

/** The message after `n` people gave it 👍, at revision `n`. */
const reacted = (n: number) =>
  channelMessage({
    id: '44444444-5555-4666-8777-888888888888',
    channelId,
    sequence: 1,
    sender: { id: readers[0] as string, name: 'Ada', picture: '' },
    content: 'party at eight?',
    clientId: 'c1',
    createdAt: '2026-11-26T08:00:00.000Z',
    reactions: [{ emoji: '👍', count: n, users: readers.slice(0, n) }],
    updatedAt: at,
    revision: n,
  });
/** A change as the broadcast stages it. */
const staged = (n: number) => {
  const message = reacted(n);
  return JSON.stringify({
    message,
    change: messageChangeOf(message, { kind: 'reaction', emoji: '👍', userId: readers[n - 1] as string, added: true }),
  });
};

describe('a frame of a channel’s changes', () => {
  it('sends one change alone as the whole message (`message-updated`, as the spec’s clients read it)', () => {
    expect(channelChangesPayload({ conversation: channelId, after: 4, revision: 5, payloads: [staged(5)] })).toEqual({
      event: SOCKET_EVENTS.messageUpdated,
      payload: reacted(5),
    });
  });

  it('sends several as only what each changed, in revision order, the frame saying the channel and revisions once', () => {
    const sent = channelChangesPayload({ conversation: channelId, after: 47, revision: 50, payloads: [48, 49, 50].map(staged) });
    expect(sent).toEqual({
      event: SOCKET_EVENTS.messagesUpdated,
      payload: {
        channelId,
        after: 47,
        revision: 50,
        changes: [48, 49, 50].map((n) => ({ id: reacted(n).id, at, reaction: { emoji: '👍', userId: readers[n - 1], added: true } })),
      },
    });
    // Three reactions to a message 50 people reacted to: a few hundred bytes, not three copies of the 50.
    expect(JSON.stringify(sent.payload).length).toBeLessThan(JSON.stringify(reacted(50)).length / 3);
  });

  it('sends a change staged by a replica of the version before (a whole message alone) as the whole message', () => {
    const sent = channelChangesPayload({
      conversation: channelId,
      after: 1,
      revision: 3,
      payloads: [JSON.stringify(reacted(2)), staged(3)],
    });
    expect(sent.payload).toMatchObject({ changes: [{ message: reacted(2) }, { id: reacted(3).id, reaction: { userId: readers[2] } }] });
  });
});
