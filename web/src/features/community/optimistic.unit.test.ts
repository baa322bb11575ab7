import type { ChannelMessage } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { type PaneMessage, paneReducer, pendingMessage } from './optimistic.ts';

const channelId = '00000000-0000-4000-8000-000000000001';
const author = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada', email: 'ada@example.test', picture: '' };

function buildServerMessage(sequence: number, overrides: Partial<ChannelMessage> = {}): ChannelMessage {
  const at = new Date(Date.UTC(2025, 0, 1, 12, 0, sequence)).toISOString();
  return {
    ...pendingMessage({ clientId: `srv-${sequence}`, channelId, content: `m${sequence}`, author, now: new Date(at) }),
    _id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    sequence,
    clientId: null,
    pending: undefined,
    ...overrides,
  } as ChannelMessage;
}

const contents = (list: PaneMessage[]) => list.map((m) => `${m.content}${m.pending ? '…' : ''}`);

describe('paneReducer: the optimistic send of spec 002 §4', () => {
  const typed = pendingMessage({ clientId: 'tmp-1', channelId, content: 'hello', author, now: new Date('2025-01-01T12:05:00Z') });

  it('shows the temporary message at once, after what is already there', () => {
    const state = paneReducer([buildServerMessage(1)], { type: 'sending', message: typed });
    expect(contents(state)).toEqual(['m1', 'hello…']);
    expect(state[1]).toMatchObject({ _id: 'tmp-1', clientId: 'tmp-1', pending: true, sequence: 0 });
  });

  it('replaces the temporary message with the server message', () => {
    const sending = paneReducer([buildServerMessage(1)], { type: 'sending', message: typed });
    const sent = paneReducer(sending, { type: 'sent', message: buildServerMessage(2, { content: 'hello', clientId: 'tmp-1' }) });
    expect(contents(sent)).toEqual(['m1', 'hello']);
  });

  it('merges the broadcast of its own message, before or after the acknowledgement', () => {
    const server = buildServerMessage(2, { content: 'hello', clientId: 'tmp-1' });
    const sending = paneReducer([], { type: 'sending', message: typed });
    const broadcastFirst = paneReducer(paneReducer(sending, { type: 'received', messages: [server] }), { type: 'sent', message: server });
    const ackFirst = paneReducer(paneReducer(sending, { type: 'sent', message: server }), { type: 'received', messages: [server] });
    expect(contents(broadcastFirst)).toEqual(['hello']);
    expect(contents(ackFirst)).toEqual(['hello']);
  });

  it('removes the temporary message when the send fails', () => {
    const sending = paneReducer([buildServerMessage(1)], { type: 'sending', message: typed });
    expect(contents(paneReducer(sending, { type: 'failed', clientId: 'tmp-1' }))).toEqual(['m1']);
  });

  it('inserts incoming messages by sequence, once each, keeping the pending copy last', () => {
    const sending = paneReducer([buildServerMessage(1), buildServerMessage(4)], { type: 'sending', message: typed });
    const state = paneReducer(sending, {
      type: 'received',
      messages: [buildServerMessage(3), buildServerMessage(2), buildServerMessage(3)],
    });
    expect(contents(state)).toEqual(['m1', 'm2', 'm3', 'm4', 'hello…']);
  });

  it('replaces an updated message by id', () => {
    const state = paneReducer([buildServerMessage(1)], {
      type: 'received',
      messages: [buildServerMessage(1, { content: 'edited', isEdited: true })],
    });
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({ content: 'edited', isEdited: true });
  });
});
