import { type ChannelMessage, channelMessage } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { sendReducer } from './optimistic.ts';

type Message = ChannelMessage & { pending?: boolean };

const channelId = '00000000-0000-4000-8000-000000000001';
const author = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada', picture: '' };

/** The copy shown while a message is sent, as the channel's source builds it. */
const pending = (clientId: string, content: string, now: string): Message => ({
  ...channelMessage({ id: clientId, channelId, sequence: 0, sender: author, content, clientId, createdAt: now }),
  pending: true,
});

function buildServerMessage(sequence: number, overrides: Partial<ChannelMessage> = {}): Message {
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  const at = new Date(Date.UTC(2025, 0, 1, 12, 0, sequence)).toISOString();
  return {
    ...channelMessage({ id, channelId, sequence, sender: author, content: `m${sequence}`, clientId: null, createdAt: at }),
    ...overrides,
  };
}

const contents = (list: Message[]) => list.map((m) => `${m.content}${m.pending ? '…' : ''}`);

describe('sendReducer: the optimistic send of spec 002 §4', () => {
  const typed = pending('tmp-1', 'hello', '2025-01-01T12:05:00.000Z');

  it('shows the temporary message at once, after what is already there', () => {
    const state = sendReducer([buildServerMessage(1)], { type: 'sending', message: typed });
    expect(contents(state)).toEqual(['m1', 'hello…']);
    expect(state[1]).toMatchObject({ _id: 'tmp-1', clientId: 'tmp-1', pending: true, sequence: 0 });
  });

  it('replaces the temporary message with the server message', () => {
    const sending = sendReducer([buildServerMessage(1)], { type: 'sending', message: typed });
    const sent = sendReducer(sending, { type: 'sent', message: buildServerMessage(2, { content: 'hello', clientId: 'tmp-1' }) });
    expect(contents(sent)).toEqual(['m1', 'hello']);
  });

  it('merges the broadcast of its own message, before or after the acknowledgement', () => {
    const server = buildServerMessage(2, { content: 'hello', clientId: 'tmp-1' });
    const sending = sendReducer<Message>([], { type: 'sending', message: typed });
    const broadcastFirst = sendReducer(sendReducer(sending, { type: 'received', messages: [server] }), { type: 'sent', message: server });
    const ackFirst = sendReducer(sendReducer(sending, { type: 'sent', message: server }), { type: 'received', messages: [server] });
    expect(contents(broadcastFirst)).toEqual(['hello']);
    expect(contents(ackFirst)).toEqual(['hello']);
  });

  it('removes the temporary message when the send fails', () => {
    const sending = sendReducer([buildServerMessage(1)], { type: 'sending', message: typed });
    expect(contents(sendReducer(sending, { type: 'failed', clientId: 'tmp-1' }))).toEqual(['m1']);
  });

  it('inserts incoming messages by sequence, once each, keeping the pending copy last', () => {
    const sending = sendReducer([buildServerMessage(1), buildServerMessage(4)], { type: 'sending', message: typed });
    const state = sendReducer(sending, {
      type: 'received',
      messages: [buildServerMessage(3), buildServerMessage(2), buildServerMessage(3)],
    });
    expect(contents(state)).toEqual(['m1', 'm2', 'm3', 'm4', 'hello…']);
  });

  it('replaces an updated message by id', () => {
    const state = sendReducer([buildServerMessage(1)], {
      type: 'received',
      messages: [buildServerMessage(1, { content: 'edited', isEdited: true })],
    });
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({ content: 'edited', isEdited: true });
  });
});
