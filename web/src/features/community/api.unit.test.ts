import { type Channel, type ChannelMessage, channelMessage } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { applyChannelUpdated, applyNewMessage, channelConversations, reconcileChannel } from './api.ts';
import { buildChannel as baseChannel } from './testChannels.ts';

const me = '00000000-0000-4000-8000-0000000000aa';
const other = '00000000-0000-4000-8000-0000000000bb';
const channelId = '00000000-0000-4000-8000-000000000001';
const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, second)).toISOString();

/** A member channel at sequence 3, all read. */
const buildChannel = (overrides: Partial<Channel> = {}): Channel =>
  baseChannel({
    id: channelId,
    _id: channelId,
    creator: { _id: other },
    admins: [{ _id: other }],
    memberCount: 2,
    messageCount: 3,
    lastActivity: at(3),
    lastSequence: 3,
    readSequence: 3,
    ...overrides,
  });

function buildMessage(sequence: number, senderId = other): ChannelMessage {
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return channelMessage({
    id,
    channelId,
    sequence,
    sender: { id: senderId, name: 'Bob', picture: '' },
    content: `m${sequence}`,
    clientId: null,
    createdAt: at(sequence),
  });
}

const update = (lastSequence: number) => ({ channelId, lastSequence, messageCount: lastSequence, lastActivity: at(lastSequence) });

describe('applyNewMessage', () => {
  it('moves the last sequence, the unread count and the activity, and leaves the count to channel-updated', () => {
    const channel = [4, 5].reduce((c, sequence) => applyNewMessage(c, buildMessage(sequence), me), buildChannel());
    expect(channel).toMatchObject({ lastSequence: 5, readSequence: 3, unreadCount: 2, lastActivity: at(5), messageCount: 3 });
  });

  it('never moves back for a message it already counted', () => {
    const channel = applyNewMessage(buildChannel(), buildMessage(2), me);
    expect(channel).toMatchObject({ lastSequence: 3, unreadCount: 0, lastActivity: at(3) });
  });

  it('leaves nothing unread for a visitor of a public channel', () => {
    const channel = applyNewMessage(buildChannel({ isMember: false }), buildMessage(4), me);
    expect(channel).toMatchObject({ lastSequence: 4, readSequence: 4, unreadCount: 0, lastActivity: at(4) });
  });

  it('moves the read position with the user’s own message', () => {
    const unread = applyNewMessage(buildChannel(), buildMessage(4), me);
    const channel = applyNewMessage(unread, buildMessage(5, me), me);
    expect(channel).toMatchObject({ lastSequence: 5, readSequence: 5, unreadCount: 0, lastActivity: at(5) });
  });

  it('ends at the server’s numbers with throttled channel-updated events arriving late or out of order', () => {
    let channel = buildChannel();
    channel = applyChannelUpdated(applyNewMessage(channel, buildMessage(4), me), update(4)); // leading edge
    for (const sequence of [5, 6, 7]) channel = applyNewMessage(channel, buildMessage(sequence), me);
    channel = applyChannelUpdated(channel, update(6)); // another replica's, older than what new-message brought
    expect(channel).toMatchObject({ lastSequence: 7, unreadCount: 4, lastActivity: at(7), messageCount: 4 });
    channel = applyChannelUpdated(channel, update(7)); // trailing edge
    expect(channel).toMatchObject({ lastSequence: 7, unreadCount: 4, lastActivity: at(7), messageCount: 7 });
  });
});

describe('reconcileChannel', () => {
  it('keeps what live messages moved when the list answer is older, and takes the newer count', () => {
    const held = applyNewMessage(buildChannel({ messageCount: 2 }), buildMessage(4), me); // its channel-updated not in yet
    const fetched = buildChannel(); // read on the server before message 4: 3 messages
    expect(reconcileChannel(fetched, held)).toMatchObject({ lastSequence: 4, unreadCount: 1, lastActivity: at(4), messageCount: 3 });
    const counted = applyChannelUpdated(held, update(4));
    expect(reconcileChannel(fetched, counted)).toMatchObject({ lastSequence: 4, unreadCount: 1, messageCount: 4 });
  });

  it('takes the answer when it is newer than what is held', () => {
    const fetched = buildChannel({ lastSequence: 6, messageCount: 6, lastActivity: at(6) });
    expect(reconcileChannel(fetched, buildChannel())).toMatchObject({
      lastSequence: 6,
      unreadCount: 3,
      lastActivity: at(6),
      messageCount: 6,
    });
  });
});

describe('channelConversations', () => {
  it('draws the copy being sent like the server’s message, with sequence 0 until the server’s replaces it', () => {
    const author = { id: me, name: 'Ada', picture: 'https://example.test/ada.png' };
    const copy = channelConversations.pendingMessage?.({
      clientId: 'tmp-1',
      conversationId: channelId,
      content: 'hello',
      author,
      now: new Date(at(9)),
    });
    expect(copy).toMatchObject({ _id: 'tmp-1', clientId: 'tmp-1', channel: channelId, sequence: 0, content: 'hello', pending: true });
    expect(copy?.sender).toMatchObject({ _id: me, name: 'Ada', picture: author.picture, profilePicture: author.picture });
    expect(copy && channelConversations.conversationOf(copy)).toBe(channelId);
  });

  it('counts a message in the open channel as unread until the channel is marked read', () => {
    const channel = channelConversations.withMessage(buildChannel(), buildMessage(4), me, true);
    expect(channel).toMatchObject({ lastSequence: 4, unreadCount: 1 });
  });
});
