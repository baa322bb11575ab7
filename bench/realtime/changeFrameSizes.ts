/**
 * The bytes a channel's change frames put on each socket of its room for the bench's reaction mix
 * (`BENCH_REACTIONS=1` at 50 messages/s: 25 reactions/s, reaction j on message j of the 100 newest,
 * given by the next reader each time round), before and after `messages-updated` carried only what
 * changed. No servers: the frames are built by realtime's own code from messages built by contracts'
 * builders; the windows are modelled (the first change after a quiet spell alone, then one frame
 * every 250 ms with what came meanwhile), as `ChangeBatches` cuts them at a steady rate.
 *
 * Run: `npx tsx bench/realtime/changeFrameSizes.ts`. Prints a Markdown table.
 */
import { type ChannelMessage, channelMessage, withReaction } from '@commonwork/contracts';
import { channelChangesPayload, stagedChange } from '../../services/realtime/src/broadcasts/onChannelMessageUpdated.ts';

const channelId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const MESSAGES = 100;
const RATE = 25;
const WINDOW_MS = 250;
const uuid = (n: number, kind: string) => `00000000-0000-4000-8${kind}-${String(n).padStart(12, '0')}`;

/** The 100 newest messages of the bench's channel, as a sender of the bench posts them, each with `given` 👍 already. */
function messages(given: number): ChannelMessage[] {
  return Array.from({ length: MESSAGES }, (_, i) =>
    channelMessage({
      id: uuid(i, '000'),
      channelId,
      sequence: 1_000 + i,
      sender: { id: uuid(0, '111'), name: 'Bench Sender', picture: '/media/avatars/bench-sender.webp' },
      content: `bench f7d2c1a950:${i}`,
      clientId: `f7d2c1a950:${i}`,
      createdAt: '2026-11-26T19:10:00.000Z',
      reactions: given ? [{ emoji: '👍', count: given, users: Array.from({ length: given }, (_, u) => uuid(u, '222')) }] : [],
      revision: 0,
    }),
  );
}

/** The socket.io packet a socket receives for one emit (`42` + the JSON array), in bytes (UTF-8). */
const packetBytes = (event: string, payload: unknown) => Buffer.byteLength(`42${JSON.stringify([event, payload])}`);

/** The frame as it went before this change: each changed message once, whole, in its newest state. */
function wholeFrame(frame: { conversation: string; after: number; revision: number; payloads: string[] }) {
  if (frame.payloads.length === 1) return channelChangesPayload(frame);
  const newest = new Map<string, ChannelMessage>();
  for (const payload of frame.payloads) {
    const { message } = JSON.parse(payload) as { message: ChannelMessage };
    newest.delete(message.id);
    newest.set(message.id, message);
  }
  return {
    event: 'messages-updated',
    payload: { channelId: frame.conversation, after: frame.after, revision: frame.revision, messages: [...newest.values()] },
  };
}

/** `count` reactions at `RATE`/s on messages that each had `given` already: the frames and their bytes, both ways. */
function measure(given: number, count: number) {
  const held = messages(given);
  const staged: string[] = [];
  for (let j = 0; j < count; j++) {
    const index = j % MESSAGES;
    const before = held[index] as ChannelMessage;
    const userId = uuid(given + Math.floor(j / MESSAGES), '222');
    const at = new Date(Date.parse('2026-11-26T19:10:30.000Z') + (j * 1000) / RATE).toISOString();
    const message = { ...before, reactions: withReaction(before.reactions, '👍', userId, true), updatedAt: at, revision: j + 1 };
    held[index] = message;
    staged.push(JSON.stringify(stagedChange({ message, change: { kind: 'reaction', emoji: '👍', userId, added: true } })));
  }
  // The first change alone at once; then every window, the changes made during it.
  const perWindow = (RATE * WINDOW_MS) / 1000;
  const frames = [{ conversation: channelId, after: 0, revision: 1, payloads: staged.slice(0, 1) }];
  for (let w = 1; (w - 1) * perWindow + 1 < count; w++) {
    const from = Math.round((w - 1) * perWindow) + 1;
    const to = Math.min(count, Math.round(w * perWindow) + 1);
    if (to > from) frames.push({ conversation: channelId, after: from, revision: to, payloads: staged.slice(from, to) });
  }
  const bytes = (build: typeof wholeFrame) =>
    frames.reduce((sum, f) => {
      const { event, payload } = build(f);
      return sum + packetBytes(event, payload);
    }, 0);
  const several = frames.filter((f) => f.payloads.length > 1);
  const severalBytes = (build: typeof wholeFrame) =>
    several.reduce((sum, f) => {
      const { event, payload } = build(f);
      return sum + packetBytes(event, payload);
    }, 0);
  return {
    frames: frames.length,
    seconds: count / RATE,
    before: bytes(wholeFrame),
    after: bytes(channelChangesPayload),
    perSeveralBefore: severalBytes(wholeFrame) / several.length,
    perSeveralAfter: severalBytes(channelChangesPayload) / several.length,
    stagedBytes: staged.reduce((sum, s) => sum + Buffer.byteLength(s), 0) / staged.length,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  '| reactions (people per message) | frames per socket | bytes per socket, before → after | per `messages-updated` frame, before → after | per socket per second, before → after | 1,000 sockets per second, before → after |',
);
console.log('|---|---|---|---|---|---|');
for (const [label, given] of [
  ['375 on fresh messages (0 → 4), one bench run', 0],
  ['375 on messages 46 people reacted to (46 → 50)', 46],
] as const) {
  const r = measure(given, 375);
  console.log(
    `| ${label} | ${r.frames} | ${kb(r.before)} → ${kb(r.after)} (${(r.before / r.after).toFixed(1)}×) | ` +
      `${Math.round(r.perSeveralBefore)} → ${Math.round(r.perSeveralAfter)} B | ${kb(r.before / r.seconds)} → ${kb(r.after / r.seconds)} | ` +
      `${kb((1000 * r.before) / r.seconds)} → ${kb((1000 * r.after) / r.seconds)} |`,
  );
}
