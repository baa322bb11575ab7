import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messagingRoutes } from '@commonwork/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { startTelemetry } from '../src/telemetry.ts';
import { buildUser, startTestPlatform, type TestPlatform } from '../src/testing/index.ts';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

// One channel post through the gateway is one trace: gateway, messaging, the relay's publish, a
// consumer and realtime's emit, received by an OTLP/HTTP (JSON) receiver of the test's own. The
// platform is the harness's one process, so every service shares the one global SDK (per process).
describe('traces end to end', () => {
  const spans: ReceivedSpan[] = [];
  const lines: string[] = [];
  let receiver: Server;
  let stopTelemetry: () => Promise<void>;
  let p: TestPlatform;
  const write = fs.write;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          const body = JSON.parse(Buffer.concat(chunks).toString());
          for (const rs of body.resourceSpans ?? [])
            for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push(s as ReceivedSpan);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
      TEST_LOG_LEVEL: 'info',
    });
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
    receiver?.close();
    for (const key of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_BSP_SCHEDULE_DELAY', 'TEST_LOG_LEVEL'])
      delete process.env[key];
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
      const handled = spans.find((s) => s.name === 'POST /api/chat/channels/:id/messages');
      return handled && spans.filter((s) => s.traceId === handled.traceId);
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
