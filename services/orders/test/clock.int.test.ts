import { marketplaceRoutes, ordersRoutes } from '@commonwork/contracts';
import { remoteTokenVerifier, startService } from '@commonwork/kit';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { addDays } from 'date-fns';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrdersConfig, ordersService } from '../src/index.ts';

type Person = Awaited<ReturnType<typeof buildUser>>;

describe("the orders' clock, across restarts", () => {
  let p: TestPlatform;
  let ada: Person;
  let bob: Person;
  let gigId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = await Promise.all([buildUser(p, 'Ada Seller'), buildUser(p, 'Bob Buyer')]);
    gigId = (await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ deliveryTime: '1' }) })).gig.id;
  }, 120_000);
  afterAll(() => p?.stop());

  /** An accepted order of Bob's, delivered or not. */
  const accepted = async () => {
    const order = await eventually(async () => {
      const res = await p.api.send(ordersRoutes.create, { token: bob.token, body: { gigId, requirements: 'A banner' } });
      return res.status === 201 && res.body.order;
    });
    await p.api.call(ordersRoutes.accept, { params: { id: order.id }, token: ada.token, body: {} });
    return order.id;
  };
  /** Orders as a replica would run it, its clock at `at`: the job is run by hand. */
  const replicaAt = (at: Date) =>
    startService(ordersService(OrdersConfig.parse({}), { now: () => at }), {
      database: p.database,
      bus: p.bus,
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
    });
  const runOnce = async (at: Date) => {
    const replica = await replicaAt(at);
    try {
      await replica.jobs['order-clock']?.runNow();
    } finally {
      await replica.stop();
    }
  };
  const stepsOf = async (id: string) => {
    const { rows } = await sql<{ type: string }>`
      select type from orders.event_store where stream_id = ${`order-${id}`} order by stream_version`.execute(p.database.root);
    return rows.map((r) => r.type);
  };
  const read = async (id: string) => (await p.api.call(ordersRoutes.get, { params: { id }, token: bob.token })).order;

  it('completes a delivery unanswered for 3 days and marks an overdue order late, each once, whatever restarts', async () => {
    const waiting = await accepted();
    await p.api.call(ordersRoutes.deliver, { params: { id: waiting }, token: ada.token, body: { message: 'Done' } });
    const overdue = await accepted();
    const now = Date.now();

    // Two days on: the delivery still waits for the buyer, the one-day order is late.
    await runOnce(addDays(now, 2));
    expect(await stepsOf(waiting)).toEqual(['OrderPlaced', 'OrderAccepted', 'OrderDelivered']);
    expect(await stepsOf(overdue)).toEqual(['OrderPlaced', 'OrderAccepted', 'OrderMarkedLate']);
    expect(await read(overdue)).toMatchObject({ late: true, status: 'in_progress' });

    // Four days on, run by one replica, then by the next after a restart, then again.
    await runOnce(addDays(now, 4));
    await runOnce(addDays(now, 4));
    const replica = await replicaAt(addDays(now, 5));
    try {
      await Promise.all([replica.jobs['order-clock']?.runNow(), runOnce(addDays(now, 5))]);
    } finally {
      await replica.stop();
    }
    expect(await stepsOf(waiting)).toEqual(['OrderPlaced', 'OrderAccepted', 'OrderDelivered', 'OrderCompleted']);
    expect(await stepsOf(overdue)).toEqual(['OrderPlaced', 'OrderAccepted', 'OrderMarkedLate']);
    const completed = await read(waiting);
    expect(completed).toMatchObject({ status: 'completed', actions: ['review'] });
    expect(completed.steps.at(-1)).toMatchObject({ type: 'completed', by: 'system' });
  });
});
