// `npm run bench:notifications`: (1) from the gig-interest call to the new notification on the
// seller's socket, at a fixed rate of interests; (2) notifications made from other services' events
// at a sustained rate, with every unread count checked at the end. Needs DATABASE_URL and NATS_URL
// (the platform on real PostgreSQL and JetStream, as in cluster mode, in one process).
import { randomUUID } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  ChatMessagePosted,
  type EventEnvelope,
  marketplaceRoutes,
  type NewNotificationPayload,
  notificationsRoutes,
  SOCKET_EVENTS,
} from '@commonwork/contracts';
import { issueAccessToken, loadKeyStore } from '@commonwork/identity';
import { createLogger } from '@commonwork/kit';
import { buildGig, createTestBus, createTestDatabase } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startPlatform } from '../deploy/local/platform.ts';
import { stopEach } from './benchDatabase.ts';
import { ms } from './format.ts';
import { atFixedRate, hrNow, type Summary, sleep, summarize } from './realtime/stats.ts';
import { restClient, signUp } from './rest.ts';
import { writeSection } from './section.ts';
import { positiveSetting } from './settings.ts';

const INTEREST_RATE = positiveSetting('BENCH_INTEREST_RATE', 50);
const EVENT_RATE = positiveSetting('BENCH_EVENT_RATE', 500);
const SECONDS = positiveSetting('BENCH_SECONDS', 10);
const SELLERS = 10;
const BUYERS = 50;
const RECIPIENTS = 100;
const WARM_UP = 50;
/** Every n-th event is published a second time, as a relay retrying after a crash would: it must not make a second notification. */
const REPUBLISH_EVERY = 10;
const GRACE_MS = 10_000;
const TARGETS = { interestToBadgeP99Ms: 100, notificationsPerSecond: 500 } as const;
// BENCH_RESULTS_FILE: somewhere else to write the section (a run to compare, not the record).
const RESULTS_FILE = process.env.BENCH_RESULTS_FILE ?? fileURLToPath(new URL('./RESULTS.md', import.meta.url));

if (!process.env.DATABASE_URL || !process.env.NATS_URL) {
  console.error(
    'npm run bench:notifications needs DATABASE_URL and NATS_URL, for example\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 npm run bench:notifications',
  );
  process.exit(2);
}
const step = (message: string) => console.error(`[bench:notifications] ${message}`);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const log = createLogger('bench', 'silent');

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

const openSocket = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connectSocket(url, { forceNew: true, reconnection: false, transports: ['websocket'], auth: { token }, timeout: 15_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const runStarted = Date.now();
const { database, drop } = await createTestDatabase();
const { bus, close: closeBus } = await createTestBus(log);
const keys = await loadKeyStore();
let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
const sockets: Socket[] = [];
try {
  platform = await startPlatform({
    env: { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_MAX: '100000000', RATE_LIMIT_AUTH_MAX: '100000000' },
    database,
    bus,
    log,
    keys,
  });
  const { url } = platform;
  const api = restClient(url);
  const count = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(database.root)).rows[0]?.n);
  const loadBefore = loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

  // 1. Interest → badge: sellers with a gig and a socket each, buyers sending interests at a fixed rate.
  const measureInterest = async () => {
    const sellers = await Promise.all(Array.from({ length: SELLERS }, (_, i) => signUp(api, `Bench Seller ${i}`)));
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => signUp(api, `Bench Buyer ${i}`)));
    const gigs = await Promise.all(
      sellers.map(async (seller) => (await api.call(marketplaceRoutes.createGig, { token: seller.token, body: buildGig() })).gig.id),
    );
    await until('the gigs reach notifications', async () => (await count('select count(*) as n from notifications.gigs')) >= SELLERS);
    const received = new Map<string, number>();
    for (const seller of sellers) {
      const socket = await openSocket(url, seller.token);
      socket.on(SOCKET_EVENTS.newNotification, (payload: NewNotificationPayload) => {
        received.set(payload.notification.message, hrNow());
      });
      sockets.push(socket);
    }
    const total = INTEREST_RATE * SECONDS;
    const sent = new Map<string, number>();
    const answers: Promise<{ status: number }>[] = [];
    /** When each measured call was answered: the request's share of the way to the socket. */
    const answered: number[] = [];
    const send = (tag: string, i: number) => {
      const at = hrNow();
      sent.set(tag, at);
      const buyer = buyers[i % BUYERS] as { token: string };
      const answer = api.send(notificationsRoutes.gigInterest, {
        token: buyer.token,
        body: { gigId: gigs[i % SELLERS] as string, message: tag },
      });
      if (tag.startsWith('bench')) void answer.then(() => answered.push(hrNow() - at));
      answers.push(answer);
    };
    await atFixedRate(WARM_UP, INTEREST_RATE, (i) => send(`warm ${i}`, i));
    await until('the warm-up reaches the sockets', async () => received.size >= WARM_UP);
    step(`${SELLERS} sellers on sockets, ${BUYERS} buyers; ${total} interests at ${INTEREST_RATE}/s`);
    await atFixedRate(total, INTEREST_RATE, (i) => send(`bench ${i}`, i));
    const refused = (await Promise.all(answers)).filter((a) => a.status !== 201).length;
    await until('the interests reach the sockets', async () => received.size >= WARM_UP + total, GRACE_MS).catch(() => undefined);
    const latencies: number[] = [];
    for (let i = 0; i < total; i++) {
      const at = received.get(`bench ${i}`);
      if (at !== undefined) latencies.push(at - (sent.get(`bench ${i}`) as number));
    }
    const interest = summarize(latencies);
    const request = summarize(answered);
    const badges = await Promise.all(
      sellers.map(
        async (seller) =>
          (await api.call(notificationsRoutes.list, { query: { limit: 1, unreadOnly: 'true' }, token: seller.token })).unreadCount,
      ),
    );
    const badgesExact = badges.every((n) => n === (WARM_UP + total) / SELLERS);
    step(
      `interest → socket: p50 ${ms(interest.p50)} ms, p99 ${ms(interest.p99)} ms; ${total - interest.count} missing, ${refused} refused`,
    );
    return { buyers, interest, request, total, refused, badges, badgesExact };
  };
  // BENCH_PART=events: the events part alone (its senders need not exist: a sender unknown to notifications shows as 'Member').
  const interestPart = process.env.BENCH_PART === 'events' ? undefined : await measureInterest();
  const buyers = interestPart?.buyers ?? Array.from({ length: BUYERS }, () => ({ id: randomUUID() }));

  // 2. Notifications from events: chat messages published on messaging's stream, one new chat each.
  const recipients = Array.from({ length: RECIPIENTS }, () => randomUUID());
  const events = EVENT_RATE * SECONDS;
  const expected = new Map<string, number>(recipients.map((r) => [r, 0]));
  const publishes: Promise<void>[] = [];
  const envelopeFor = (i: number): EventEnvelope => {
    const recipient = recipients[i % RECIPIENTS] as string;
    const sender = buyers[i % BUYERS] as { id: string };
    const chatId = randomUUID();
    const id = randomUUID();
    const occurredAt = new Date().toISOString();
    const message = {
      _id: id,
      id,
      chatId,
      content: `Message ${i}`,
      sender: { _id: sender.id, name: 'Bench Buyer', picture: '', email: '' },
      sequence: 1,
      clientId: null,
      createdAt: occurredAt,
      updatedAt: occurredAt,
      attachments: [],
      mentions: [],
      reactions: [],
      isEdited: false,
      deleted: false,
      revision: 0,
    };
    return {
      id,
      type: ChatMessagePosted.type,
      version: ChatMessagePosted.version,
      occurredAt,
      streamId: `chat-${chatId}`,
      data: ChatMessagePosted.schema.parse({ chatId, participantIds: [sender.id, recipient], message }),
      metadata: { actorId: sender.id, correlationId: randomUUID(), causationId: null },
    };
  };
  const before = await count('select count(*) as n from notifications.notifications');
  const eventsStarted = hrNow();
  await atFixedRate(events, EVENT_RATE, (i) => {
    const envelope = envelopeFor(i);
    expected.set(recipients[i % RECIPIENTS] as string, (expected.get(recipients[i % RECIPIENTS] as string) ?? 0) + 1);
    publishes.push(bus.publish(envelope));
    if (i % REPUBLISH_EVERY === 0) publishes.push(bus.publish(envelope));
  });
  await Promise.all(publishes);
  const publishedMs = hrNow() - eventsStarted;
  // Not all made in time (a slow run on a loaded machine): the rate is what was made by then.
  const madeInTime = await until(
    'the notifications are made',
    async () => (await count('select count(*) as n from notifications.notifications')) - before >= events,
    120_000,
  ).then(
    () => true,
    () => false,
  );
  const madeMs = hrNow() - eventsStarted;
  const madeBy = madeInTime ? events : (await count('select count(*) as n from notifications.notifications')) - before;
  await sleep(1_000);
  const made = (await count('select count(*) as n from notifications.notifications')) - before;
  const perSecond = madeBy / (madeMs / 1000);
  const wrong = (
    await Promise.all(
      recipients.map(async (sub) => {
        const token = await issueAccessToken(keys.active, { sub, email: `${sub}@bench.example`, role: 'user' }, 3_600);
        const badge = await api.send(notificationsRoutes.list, { query: { limit: 1, unreadOnly: 'true' }, token });
        return badge.body.unreadCount !== expected.get(sub);
      }),
    )
  ).filter(Boolean).length;
  step(`events: ${events} published in ${(publishedMs / 1000).toFixed(1)} s, ${made} made in ${(madeMs / 1000).toFixed(1)} s`);

  const row = (s: Summary) => `${s.count} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)}`;
  const interestSection = ({ interest, request, total, refused, badges, badgesExact }: NonNullable<typeof interestPart>) => [
    `### Interest → the seller's socket (${INTEREST_RATE}/s for ${SECONDS} s, ${SELLERS} sellers on one socket each, ${BUYERS} buyers)`,
    '',
    '| delivered | p50 ms | p99 ms | max ms | the call alone: p50 / p99 ms | missing | refused | badges exact |',
    '|---|---|---|---|---|---|---|---|',
    `| ${row(interest)} | ${ms(request.p50)} / ${ms(request.p99)} | ${total - interest.count} | ${refused} | ${badgesExact ? 'yes' : `**no** (${badges.join(', ')})`} |`,
    '',
  ];
  const markdown = [
    `## Notifications results (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`,
    '',
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), Node ${process.version}; load average before: ${loadBefore}. One process: gateway, services and one realtime replica on PostgreSQL and NATS JetStream. Whole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s.`,
    '',
    ...(interestPart ? interestSection(interestPart) : []),
    `### Notifications from events (${EVENT_RATE} chat messages/s for ${SECONDS} s to ${RECIPIENTS} people, every ${REPUBLISH_EVERY}th published twice)`,
    '',
    '| events | published in s | made | made in s | made/s | unread counts wrong |',
    '|---|---|---|---|---|---|',
    `| ${events} | ${(publishedMs / 1000).toFixed(1)} | ${made} | ${(madeMs / 1000).toFixed(1)} | ${perSecond.toFixed(0)} | ${wrong} of ${RECIPIENTS} |`,
    '',
    '### Targets',
    '',
    ...(interestPart
      ? [
          `- Interest → badge p99 < ${TARGETS.interestToBadgeP99Ms} ms at ${INTEREST_RATE}/s: ${ms(interestPart.interest.p99)} ms, ${verdict(interestPart.interest.p99 < TARGETS.interestToBadgeP99Ms && interestPart.interest.count === interestPart.total)}.`,
        ]
      : []),
    `- ${TARGETS.notificationsPerSecond} notifications/s from events: ${perSecond.toFixed(0)}/s, ${verdict(perSecond >= TARGETS.notificationsPerSecond)}.`,
    `- Exact unread counts, none made twice: ${wrong} wrong, ${made - events} extra, ${verdict(wrong === 0 && made === events && (interestPart?.badgesExact ?? true))}.`,
  ].join('\n');
  console.log(markdown);
  await writeSection(
    RESULTS_FILE,
    'notifications',
    '# Notifications: benchmark\n\nHow to run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 npm run bench:notifications` (a database and a NATS namespace of its own, removed at the end).\n',
    markdown,
  );
  step(`results written to ${RESULTS_FILE}`);
} catch (error) {
  console.error('[bench:notifications] failed:', error);
  process.exitCode = 1;
} finally {
  await stopEach('bench:notifications', [...sockets.map((s) => () => s.close()), () => platform?.stop(), closeBus, drop]);
}
process.exit(process.exitCode ?? 0);
