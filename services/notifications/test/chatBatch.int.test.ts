import { randomUUID } from 'node:crypto';
import { ChatMessagePosted, ConversationRead, chatMessage, type EventEnvelope } from '@commonwork/contracts';
import {
  bindAggregate,
  type Database,
  type EventBus,
  kitMigrations,
  MemoryBus,
  migrateSchema,
  readStream,
  type Subscription,
  serviceStream,
  startConsumer,
  storeOf,
} from '@commonwork/kit';
import { createTestBus, createTestDatabase, eventually, published, testLogger } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import type { InboxEvent } from '../src/inbox/inbox.ts';
import { migrations } from '../src/migrations.ts';
import type { NotificationsTables } from '../src/tables.ts';

const messagingDurable = (() => {
  const found = subscriptions.find((s) => s.durable === 'notifications-messaging');
  if (!found) throw new Error('notifications has no messaging subscription');
  return found;
})();

const chatPosted = (recipient: string, senderId: string, content: string, chatId = randomUUID()): EventEnvelope => {
  const id = randomUUID();
  const message = chatMessage({
    id,
    chatId,
    content,
    sender: { id: senderId, name: 'Bob Buyer', picture: '' },
    sequence: 1,
    clientId: null,
    createdAt: new Date().toISOString(),
  });
  return published(ChatMessagePosted, { chatId, participantIds: [senderId, recipient], message }, { id });
};

/**
 * The messaging durable of notifications on a real database and bus, its events published while it
 * is stopped so that they come to it together, in batches (the bus hands over what waited).
 */
function messagingConsumer(open: () => Promise<{ bus: EventBus; close: () => Promise<void> }>) {
  let database: Database;
  let dropDatabase: () => Promise<void>;
  let bus: EventBus;
  let closeBus: () => Promise<void>;
  let running: Subscription | undefined;
  const db = () => database.forSchema<NotificationsTables>('notifications');
  beforeAll(async () => {
    ({ database, drop: dropDatabase } = await createTestDatabase());
    ({ bus, close: closeBus } = await open());
    await migrateSchema(database, 'notifications', [...kitMigrations(), ...migrations]);
    const { stream, subjects } = serviceStream('messaging');
    await bus.ensureStream(stream, subjects);
  }, 300_000);
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });
  afterAll(async () => {
    await closeBus();
    await dropDatabase();
  });
  return {
    db,
    publish: async (...envelopes: EventEnvelope[]) => {
      for (const envelope of envelopes) await bus.publish(envelope);
    },
    start: async () => {
      const schema = { db: db(), schema: 'notifications', afterCommit: () => {} };
      running = await startConsumer({
        ...messagingDurable,
        db: db(),
        bus,
        log: testLogger(),
        tools: { aggregate: (aggregate) => bindAggregate(schema, aggregate) },
      });
    },
    stop: async () => {
      await running?.stop();
      running = undefined;
    },
    /** Each person's inbox events: what the relay publishes, one per change, each with the count it left. */
    inbox: async (userId: string) => readStream<InboxEvent>(storeOf(db()), `inbox-${userId}`),
    unread: async (userId: string) =>
      Number(
        (
          await db()
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('user_id', '=', userId)
            .where('read', '=', false)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    /** The transactions that wrote these people's notifications (xmin): fewer than the rows when they came in batches. */
    writers: async (userIds: string[]) =>
      (
        await sql<{
          xid: string;
        }>`select distinct xmin::text as xid from notifications.notifications where user_id = any(${userIds})`.execute(db())
      ).rows.length,
  };
}

describe.each([
  { name: 'the test bus', open: () => createTestBus() },
  {
    name: 'the in-process bus',
    open: async () => {
      const bus = new MemoryBus(testLogger());
      return { bus, close: () => bus.close() };
    },
  },
])('chat messages decided a batch at a time on $name', ({ open }) => {
  const c = messagingConsumer(open);

  it('makes one notification per message with exact counts in few transactions, and honours a preference that says no', async () => {
    const [ada, cy, quiet, sender] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // Someone who turned message notifications off (identity's preferences, as the people read model keeps them).
    await c
      .db()
      .insertInto('people')
      .values({ user_id: quiet, name: 'Quiet', picture: '', message_notifications: false, updated_at: new Date() })
      .execute();
    const chat = randomUUID();
    const envelopes = [
      ...Array.from({ length: 12 }, (_, i) => chatPosted(i % 2 ? ada : cy, sender, `hello ${i}`)),
      chatPosted(quiet, sender, 'not for you'),
      // Two messages of one chat: one unread notification, refreshed by the second.
      chatPosted(ada, sender, 'first of a chat', chat),
      chatPosted(ada, sender, 'second of a chat', chat),
      // Ada reads that chat: its notification is read.
      published(ConversationRead, { userId: ada, kind: 'chat', conversationId: chat, readSequence: 2, unreadCount: 0 }),
    ];
    await c.publish(...envelopes);
    await c.start();
    await eventually(async () => (await c.inbox(ada)).length === 9, 20_000);
    await c.stop();

    expect(await c.unread(ada)).toBe(6);
    expect(await c.unread(cy)).toBe(6);
    expect(await c.unread(quiet)).toBe(0);
    expect(await c.inbox(quiet)).toEqual([]);
    const adas = await c.inbox(ada);
    expect(adas.map((e) => [e.type, e.data.unreadCount, e.streamVersion])).toEqual([
      ...Array.from({ length: 6 }, (_, i) => ['NotificationCreated', i + 1, i + 1]),
      ['NotificationCreated', 7, 7],
      ['NotificationRefreshed', 7, 8],
      ['NotificationsRead', 6, 9],
    ]);
    expect((await c.inbox(cy)).map((e) => e.data.unreadCount)).toEqual([1, 2, 3, 4, 5, 6]);
    // Each event is caused by the message it tells of.
    expect(adas[0]?.metadata.causationId).toBe(envelopes[1]?.id);
    expect(await c.writers([ada, cy])).toBeLessThan(6);
  });

  it('retries a batch that failed midway one event at a time, counting none twice', async () => {
    const [ada, sender] = [randomUUID(), randomUUID()];
    // The notification of the message 'boom' fails to be written the first time only (a sequence is not rolled back).
    await sql`create sequence if not exists notifications.boom_tries`.execute(c.db());
    await sql`create or replace function notifications.boom() returns trigger language plpgsql as $$
      begin
        if nextval('notifications.boom_tries') = 1 then raise exception 'a passing failure'; end if;
        return new;
      end $$`.execute(c.db());
    await sql`create trigger boom before insert on notifications.notifications
      for each row when (new.message = 'boom') execute function notifications.boom()`.execute(c.db());
    const messages = ['one', 'two', 'boom', 'four', 'five'];
    await c.publish(...messages.map((m) => chatPosted(ada, sender, m)));
    await c.start();
    await eventually(async () => (await c.inbox(ada)).length === messages.length, 20_000);
    await c.stop();
    await sql`drop trigger boom on notifications.notifications`.execute(c.db());

    expect(Number((await sql<{ n: string }>`select last_value::text as n from notifications.boom_tries`.execute(c.db())).rows[0]?.n)).toBe(
      2,
    );
    expect(await c.unread(ada)).toBe(messages.length);
    expect((await c.inbox(ada)).map((e) => e.data.unreadCount)).toEqual([1, 2, 3, 4, 5]);
    const rows = await c.db().selectFrom('notifications').select('message').where('user_id', '=', ada).execute();
    expect(rows.map((r) => r.message).sort()).toEqual([...messages].sort());
  });
});

describe('chat messages delivered again', () => {
  // The in-process bus keeps JetStream's duplicate window: a copy published after it is delivered
  // again, as a relay that crashed before recording its position, then came back late, would send it.
  const c = messagingConsumer(async () => {
    const bus = new MemoryBus(testLogger());
    return { bus, close: () => bus.close() };
  });
  const realNow = Date.now;
  let shift = 0;
  /** The bus's clock (only while publishing) moved past its duplicate window once more. */
  const pastTheWindow = () => {
    shift += 121_000;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + shift);
  };
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('skips what was handled before and a copy inside the same batch, making the rest', async () => {
    const [ada, sender] = [randomUUID(), randomUUID()];
    const first = chatPosted(ada, sender, 'first');
    const second = chatPosted(ada, sender, 'second');
    await c.publish(first);
    await c.start();
    await eventually(async () => (await c.inbox(ada)).length === 1, 20_000);
    await c.stop();

    // While it is stopped: the first again, the second twice, a third; then one batch takes them all.
    pastTheWindow();
    await c.publish(first, second);
    vi.restoreAllMocks();
    pastTheWindow();
    const third = chatPosted(ada, sender, 'third');
    await c.publish(second, third);
    vi.restoreAllMocks();
    await c.start();
    await eventually(async () => (await c.inbox(ada)).length === 3, 20_000);
    // Nothing more comes of the copies.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await c.stop();

    expect((await c.inbox(ada)).map((e) => [e.type, e.data.unreadCount, e.metadata.causationId])).toEqual([
      ['NotificationCreated', 1, first.id],
      ['NotificationCreated', 2, second.id],
      ['NotificationCreated', 3, third.id],
    ]);
    expect(await c.unread(ada)).toBe(3);
  });
});
