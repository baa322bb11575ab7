import fs from 'node:fs';
import { messagingRoutes } from '@commonwork/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { startTelemetry } from '../src/telemetry.ts';
import {
  buildUser,
  type OtlpReceiver,
  type ReceivedSpan,
  startOtlpReceiver,
  startTestPlatform,
  type TestPlatform,
} from '../src/testing/index.ts';

// One channel post through the gateway is one trace: gateway, messaging, the relay's publish, a
// consumer and realtime's emit, received by an OTLP/HTTP (JSON) receiver of the test's own. The
// platform is the harness's one process, so every service shares the one global SDK (per process).
describe('traces end to end', () => {
  const lines: string[] = [];
  let receiver: OtlpReceiver;
  let stopTelemetry: () => Promise<void>;
  let p: TestPlatform;
  const write = fs.write;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    Object.assign(process.env, { ...receiver.env, TEST_LOG_LEVEL: 'info' });
    stopTelemetry = await startTelemetry('commonwork-test', createLogger('test', 'silent'));
    // pino writes JSON lines to fd 1 with fs.write: they are kept here (to read their ids), not printed.
    (fs as { write: unknown }).write = (fd: number, data: unknown, ...rest: unknown[]) => {
      const done = rest.at(-1);
      if (fd !== 1 || typeof data !== 'string' || typeof done !== 'function')
        return (write as (...a: unknown[]) => unknown)(fd, data, ...rest);
      lines.push(...data.split('\n').filter(Boolean));
      process.nextTick(done as (error: null, written: number) => void, null, Buffer.byteLength(data));
    };
    p = await startTestPlatform();
  });
  afterAll(async () => {
    (fs as { write: unknown }).write = write;
    await p?.stop();
    await stopTelemetry?.();
    await receiver?.close();
    for (const key of [...Object.keys(receiver?.env ?? {}), 'TEST_LOG_LEVEL']) delete process.env[key];
  });

  it('follows one channel post from the gateway to the socket emit, and its log lines carry the trace id', async () => {
    const ada = await buildUser(p, 'Ada Tracer');
    const { body } = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'traced' } });
    const id = body.data.id;
    const posted = await p.api.send(messagingRoutes.postChannelMessage, {
      params: { id },
      token: ada.token,
      body: { content: 'hello', type: 'text' },
    });
    expect(posted.status).toBe(201);

    const postPath = `/api/chat/channels/${id}/messages`;
    const traceOfPost = () => {
      // Messaging's request span, named by its route: the trace it is in is the post's.
      const handled = receiver.spans.find((s) => s.name === 'POST /api/chat/channels/:id/messages');
      return handled && receiver.spans.filter((s) => s.traceId === handled.traceId);
    };
    const wanted = [
      'POST /api/chat/*',
      'publish messaging.channel.message_posted',
      'process messaging.channel.message_posted',
      'realtime broadcast',
      'socket.io emit new-message',
    ];
    await expect
      .poll(() => (traceOfPost() ?? []).map((s) => s.name).join('\n'), { timeout: 15_000, interval: 200 })
      .toSatisfy((names: string) => wanted.every((w) => names.includes(w)));
    const trace = traceOfPost() ?? [];
    const names = trace.map((s) => s.name);
    // The gateway's request (its proxied prefix) and messaging's (its route), in the one trace.
    expect(names, names.join(', ')).toContain('POST /api/chat/*');
    const spanOf = (name: string) => trace.find((s) => s.name === name) as ReceivedSpan;
    // Each hop the child of the one before: messaging's request under the gateway's, the publish and the consumers under it, the emit under a broadcast.
    const parentOf = (s: ReceivedSpan) => trace.find((t) => t.spanId === s.parentSpanId);
    const ancestors = (s: ReceivedSpan): string[] => {
      const parent = parentOf(s);
      return parent ? [parent.name, ...ancestors(parent)] : [];
    };
    expect(ancestors(spanOf('socket.io emit new-message'))).toEqual(
      expect.arrayContaining([
        'realtime broadcast messaging.channel.message_posted',
        'process messaging.channel.message_posted',
        'POST /api/chat/channels/:id/messages',
        'POST /api/chat/*',
      ]),
    );
    expect(ancestors(spanOf('publish messaging.channel.message_posted'))).toContain('POST /api/chat/*');
    expect(new Set(trace.map((s) => s.traceId)).size).toBe(1);
    const traceId = trace[0]?.traceId as string;
    const logged = lines.filter((l) => l.includes(`"trace_id":"${traceId}"`));
    expect(
      logged.some((l) => l.includes(postPath)),
      'the request line of the post',
    ).toBe(true);
    expect(logged.every((l) => /"span_id":"[0-9a-f]{16}"/.test(l))).toBe(true);
  });
});
