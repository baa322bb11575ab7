import { check } from 'k6';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { clearInterval, setInterval, setTimeout } from 'k6/timers';
import { type MessageEvent, WebSocket } from 'k6/websockets';
import { BASE_URL, json, signIn } from './common.ts';

// A busy channel: every VU is a member on a live socket (Socket.IO over its WebSocket transport),
// sending `send-message` at SEND_EVERY_MS and timing each acknowledgement.
const SEND_EVERY_MS = Number(__ENV.SEND_EVERY_MS ?? 1_000);
const SECONDS = Number(__ENV.SECONDS ?? 30);
export const options: Options = {
  scenarios: { members: { executor: 'per-vu-iterations', vus: Number(__ENV.VUS ?? 50), iterations: 1, maxDuration: `${SECONDS + 60}s` } },
  thresholds: { send_ack_ms: ['p(99)<100'], sends_refused: ['count==0'] },
};

const ackTime = new Trend('send_ack_ms', true);
const received = new Counter('messages_received');
const refused = new Counter('sends_refused');

export function setup() {
  const owner = signIn('Host');
  const channel = http.post(
    `${BASE_URL}/api/chat/channels`,
    JSON.stringify({ name: `busy-${Date.now()}`, type: 'private' }),
    json(owner.token),
  );
  const channelId = channel.json('data.id') as string;
  const link = http.post(`${BASE_URL}/api/chat/channels/${channelId}/join-link`, null, json(owner.token));
  return { channelId, joinLink: link.json('data.joinLink') as string };
}

/** Engine.IO v4 framing: 0 open, 2 ping / 3 pong, 4 message; Socket.IO: 0 connect, 2 event, 3 ack. */
export default function ({ channelId, joinLink }: { channelId: string; joinLink: string }) {
  const member = signIn('Member');
  check(http.post(`${BASE_URL}/api/chat/join/channel/${joinLink}`, null, json(member.token)), { joined: (r) => r.status === 200 });

  const socket = new WebSocket(`${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const sentAt = new Map<number, number>();
  let nextAck = 1;
  let sender: ReturnType<typeof setInterval> | undefined;

  socket.addEventListener('message', (event) => {
    const frame = String((event as MessageEvent).data);
    if (frame === '2') return socket.send('3');
    if (frame.startsWith('0')) return socket.send(`40${JSON.stringify({ token: member.token })}`);
    if (frame.startsWith('40')) {
      socket.send(`42${nextAck++}["join-channels"]`);
      sender = setInterval(() => {
        const id = nextAck++;
        sentAt.set(id, Date.now());
        socket.send(
          `42${id}${JSON.stringify(['send-message', { channelId, content: `load ${id}`, type: 'text', clientId: `${member.id}-${id}` }])}`,
        );
      }, SEND_EVERY_MS);
      return;
    }
    const ack = /^43(\d+)(.*)$/.exec(frame);
    if (ack) {
      const started = sentAt.get(Number(ack[1]));
      if (started === undefined) return;
      sentAt.delete(Number(ack[1]));
      ackTime.add(Date.now() - started);
      if (!(JSON.parse(ack[2] as string) as [{ success: boolean }])[0].success) refused.add(1);
      return;
    }
    if (frame.startsWith('42["new-message"')) received.add(1);
  });

  setTimeout(() => {
    if (sender) clearInterval(sender);
    socket.close();
  }, SECONDS * 1_000);
}
