import { appendFileSync } from 'node:fs';
import { messagingRoutes } from '@commonwork/contracts';
import { missing, type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultCluster, startFaultCluster } from './cluster.ts';
import { caller, signIn } from './load.ts';

const LOG = process.env.FAULTS_LOG ?? '/tmp/commonwork-faults.log';
const log = (message: string) => appendFileSync(LOG, `${new Date().toISOString()} ${message}\n`);

// Issue 32: one channel post in cluster mode is one trace across the processes it crosses. The
// cluster is `start:cluster`'s (each part its own process, OpenTelemetry preloaded because an
// exporter is asked for), one replica per service to start faster, exporting to an OTLP/HTTP (JSON)
// receiver of the test's own. Here rather than among the integration tests: starting a cluster
// takes a minute or more on CI's two cores.
describe.skipIf(missing('postgres') || missing('nats-server binary') || missing('redis-server binary'))('traces in cluster mode', () => {
  const lines: { part: string; line: string }[] = [];
  let receiver: OtlpReceiver;
  let cluster: FaultCluster;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    log('starting a traced cluster');
    cluster = await startFaultCluster(log, {
      replicas: 1,
      env: {
        ...receiver.env,
        // The request lines, where the trace id is looked for.
        LOG_LEVEL: 'info',
      },
      output: (part, line) => lines.push({ part, line }),
    });
    await cluster.ready();
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    await receiver?.close();
  }, 60_000);

  it('follows one channel post from the gateway through messaging, its relay, a consumer and realtime, and its log lines carry the trace id', async () => {
    const api = caller(cluster.url);
    const ada = await signIn(api, 'Ada');
    const created = await api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'traced' } });
    const posted = await api.send(messagingRoutes.postChannelMessage, {
      params: { id: created.data.id },
      token: ada.token,
      body: { content: 'hello', type: 'text' },
    });
    expect(posted.status).toBe(201);

    // Messaging's request span, named by its route: the trace it is in is the post's.
    const traceOfPost = () => {
      const handled = receiver.spans.find((s) => s.service === 'messaging' && s.name === 'POST /api/chat/channels/:id/messages');
      return handled ? receiver.spans.filter((s) => s.traceId === handled.traceId) : [];
    };
    const has = (trace: ReceivedSpan[], service: string | ((name: string) => boolean), name: string) =>
      trace.some((s) => (typeof service === 'string' ? s.service === service : service(s.service)) && s.name.startsWith(name));
    const consumer = (service: string) => !['gateway', 'messaging', 'realtime'].includes(service);
    const complete = (trace: ReceivedSpan[]) =>
      has(trace, 'gateway', 'POST') &&
      has(trace, 'messaging', 'publish messaging.channel.message_posted') &&
      has(trace, consumer, 'process messaging.channel.message_posted') &&
      has(trace, 'realtime', 'socket.io emit new-message');
    await expect.poll(() => complete(traceOfPost()), { timeout: 30_000, interval: 250 }).toBe(true);

    const trace = traceOfPost();
    // Each process of the path, by its own service.name, in the one trace.
    expect([...new Set(trace.map((s) => s.service))]).toEqual(
      expect.arrayContaining(['gateway', 'messaging', 'realtime', 'notifications']),
    );
    // The hops are children, not new traces: the emit descends from messaging's request.
    const parentOf = (s: ReceivedSpan) => trace.find((t) => t.spanId === s.parentSpanId);
    const ancestors = (s: ReceivedSpan): string[] => {
      const parent = parentOf(s);
      return parent ? [`${parent.service}: ${parent.name}`, ...ancestors(parent)] : [];
    };
    const emit = trace.find((s) => s.name === 'socket.io emit new-message') as ReceivedSpan;
    expect(ancestors(emit)).toEqual(
      expect.arrayContaining(['realtime: process messaging.channel.message_posted', 'messaging: POST /api/chat/channels/:id/messages']),
    );

    // The post's log lines, in the processes that wrote them, carry its trace id.
    const traceId = emit.traceId;
    const logged = lines.filter(({ line }) => line.includes(`"trace_id":"${traceId}"`));
    expect(
      logged.some(({ line }) => line.includes(`/api/chat/channels/${created.data.id}/messages`)),
      'the request line of the post',
    ).toBe(true);
    expect(logged.every(({ line }) => /"span_id":"[0-9a-f]{16}"/.test(line))).toBe(true);
  });
});
