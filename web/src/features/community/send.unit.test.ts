import type { ChannelMessage } from '@commonwork/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageSent, SendAck } from '../../shared/socket/index.ts';
import { type SendSocket, sendOverSocket, sendWithFallback } from './send.ts';

const outgoing = { channelId: 'c1', content: 'hello', clientId: 'tmp-1' };
const server = { _id: 'm1', clientId: 'tmp-1', content: 'hello', sequence: 1 } as ChannelMessage;

/** A socket that records the send and lets the test answer it. */
function buildFakeSocket(connected = true) {
  const listeners = new Set<(payload: MessageSent) => void>();
  let ack: SendAck | null = null;
  const socket: SendSocket = {
    connected,
    emit: (_event, _payload, callback) => {
      ack = callback;
    },
    on: (_event, listener) => listeners.add(listener),
    off: (_event, listener) => listeners.delete(listener),
  };
  return {
    socket,
    listenerCount: () => listeners.size,
    ack: (answer: MessageSent) => ack?.(answer),
    broadcastSent: (answer: MessageSent) => {
      for (const listener of [...listeners]) listener(answer);
    },
  };
}

describe('sendOverSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refuses at once when the socket is down: 'Socket not connected'", async () => {
    await expect(sendOverSocket(buildFakeSocket(false).socket, outgoing, 10_000)).rejects.toThrow('Socket not connected');
    await expect(sendOverSocket(null, outgoing, 10_000)).rejects.toThrow('Socket not connected');
  });

  it('resolves with the acknowledged message and stops listening', async () => {
    const fake = buildFakeSocket();
    const sent = sendOverSocket(fake.socket, outgoing, 10_000);
    fake.ack({ success: true, message: server });
    await expect(sent).resolves.toBe(server);
    expect(fake.listenerCount()).toBe(0);
  });

  it('resolves on a message-sent for this clientId when it comes before the acknowledgement', async () => {
    const fake = buildFakeSocket();
    const sent = sendOverSocket(fake.socket, outgoing, 10_000);
    fake.broadcastSent({ success: true, message: { ...server, clientId: 'someone-else' } });
    fake.broadcastSent({ success: true, message: server });
    await expect(sent).resolves.toBe(server);
  });

  it("rejects with the server's error", async () => {
    const fake = buildFakeSocket();
    const sent = sendOverSocket(fake.socket, outgoing, 10_000);
    fake.ack({ success: false, error: 'Channel not found' });
    await expect(sent).rejects.toThrow('Channel not found');
  });

  it("times out after 10 s: 'Message send timeout'", async () => {
    const fake = buildFakeSocket();
    const sent = sendOverSocket(fake.socket, outgoing, 10_000);
    const assertion = expect(sent).rejects.toThrow('Message send timeout');
    await vi.advanceTimersByTimeAsync(9_999);
    fake.broadcastSent({ success: false, error: 'unrelated' });
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(fake.listenerCount()).toBe(0);
  });
});

describe('sendWithFallback', () => {
  it('uses the socket when it answers', async () => {
    const rest = vi.fn(async () => server);
    await expect(sendWithFallback(async () => server, rest)).resolves.toBe(server);
    expect(rest).not.toHaveBeenCalled();
  });

  it('falls back to REST when the socket fails, and fails when REST fails too', async () => {
    const rest = vi.fn(async () => server);
    await expect(sendWithFallback(() => Promise.reject(new Error('Message send timeout')), rest)).resolves.toBe(server);
    await expect(
      sendWithFallback(
        () => Promise.reject(new Error('Socket not connected')),
        () => Promise.reject(new Error('500')),
      ),
    ).rejects.toThrow('500');
  });
});
