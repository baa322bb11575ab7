import { randomUUID } from 'node:crypto';
import {
  type CallInput,
  identityRoutes,
  marketplaceRoutes,
  mediaRoutes,
  ORDER_MESSAGES,
  type Order,
  ordersRoutes,
} from '@commonwork/contracts';
import { buildGig, buildUser, eventually, expectRebuildReproduces, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { addDays } from 'date-fns';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

type Person = Awaited<ReturnType<typeof buildUser>>;
type Step = 'accept' | 'decline' | 'deliver' | 'revision' | 'complete' | 'cancel';

const ADMIN_EMAIL = `orders-admin-${randomUUID().slice(0, 8)}@example.com`;

describe('orders through the gateway', () => {
  let p: TestPlatform;
  let ada: Person; // sells
  let bob: Person; // buys
  let eve: Person; // neither
  let admin: Pick<Person, 'token' | 'id'>;
  let gigId: string;

  beforeAll(async () => {
    p = await startTestPlatform({ ADMIN_EMAILS: ` someone@example.com, ${ADMIN_EMAIL.toUpperCase()} ` });
    [ada, bob, eve] = await Promise.all([buildUser(p, 'Ada Seller'), buildUser(p, 'Bob Buyer'), buildUser(p, 'Eve Stranger')]);
    admin = await buildAdmin();
    gigId = (
      await p.api.call(marketplaceRoutes.createGig, {
        token: ada.token,
        body: buildGig({ title: 'Logo in three days', price: 120, deliveryTime: '3' }),
      })
    ).gig.id;
  }, 120_000);
  afterAll(() => p?.stop());

  /** A person signed in with the admin's address (buildUser picks its own). */
  async function buildAdmin() {
    const dev = await p.api.call(identityRoutes.devToken, { body: { email: ADMIN_EMAIL, name: 'Ann Admin' } });
    const session = await p.api.call(identityRoutes.googleSignIn, { body: { token: dev.token } });
    return { token: session.token, id: session.user.id };
  }

  const place = (who: Pick<Person, 'token'> | undefined, body: Partial<CallInput<typeof ordersRoutes.create>['body']> = {}) =>
    p.api.send(ordersRoutes.create, { token: who?.token, body: { gigId, requirements: 'A fox, in orange', ...body } });
  /** Bob orders Ada's gig, once orders has heard of it. */
  const placed = async (body: Partial<CallInput<typeof ordersRoutes.create>['body']> = {}) =>
    eventually(async () => {
      const res = await place(bob, body);
      return res.status === 201 && res.body.order;
    });
  const get = (id: string, who?: Pick<Person, 'token'>) => p.api.send(ordersRoutes.get, { params: { id }, token: who?.token });
  // biome-ignore lint/suspicious/noExplicitAny: each step's body, as the contract takes it
  const step = (action: Step, id: string, who: Pick<Person, 'token'> | undefined, body: any = {}) =>
    p.api.send(ordersRoutes[action], { params: { id }, token: who?.token, body });
  const expectOk = async (action: Step, id: string, who: Pick<Person, 'token'>, body: object = {}): Promise<Order> => {
    const res = await step(action, id, who, body);
    expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
    if (res.status !== 200) throw new Error('unreachable');
    return res.body.order;
  };
  const expectRefused = async (
    action: Step,
    id: string,
    who: Pick<Person, 'token'>,
    status: number,
    message: string,
    body: object = {},
  ) => {
    const res = await step(action, id, who, body);
    expect(res.status, action).toBe(status);
    expect(res.body).toMatchObject({ success: false, message });
  };
  const streamLength = async (id: string) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from orders.event_store where stream_id = ${`order-${id}`}`.execute(
      p.database.root,
    );
    return rows[0]?.n ?? 0;
  };
  const uploadPdf = async (who: Person) => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'brief.pdf');
    return p.api.call(mediaRoutes.uploadFile, { token: who.token, body: form });
  };

  it("places an order with the gig's price, delivery time and revisions copied, and the same order sent again is the one placed", async () => {
    const id = randomUUID();
    const first = await placed({ id });
    expect(first).toMatchObject({
      _id: id,
      id,
      gig: { _id: gigId, title: 'Logo in three days' },
      buyer: { _id: bob.id },
      seller: { _id: ada.id },
      role: 'buyer',
      requirements: 'A fox, in orange',
      price: 120,
      deliveryTime: '3',
      revisionsAllowed: 2,
      revisionsUsed: 0,
      status: 'pending',
      late: false,
      dueAt: null,
      cancellation: null,
      review: null,
      actions: ['cancel'],
      version: 1,
    });
    expect(first.steps).toMatchObject([{ type: 'placed', by: 'buyer', text: '' }]);
    const again = await place(bob, { id, requirements: 'Something else' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ order: { id, requirements: 'A fox, in orange', version: 1 } });
    expect(await streamLength(id)).toBe(1);
    // Another buyer cannot take that id.
    expect((await place(eve, { id })).status).toBe(404);
    // The seller reads the same order with their actions, names resolved from identity's events.
    const seen = await eventually(async () => {
      const res = await get(id, ada);
      return res.status === 200 && res.body.order.buyer.name === 'Bob Buyer' && res.body.order;
    });
    expect(seen).toMatchObject({ role: 'seller', actions: ['accept', 'decline', 'cancel'], seller: { name: 'Ada Seller' } });
  });

  it('runs the whole life: accept (due date from now), deliver with a file, a revision, deliver again, complete', async () => {
    const order = await placed();
    const before = Date.now();
    const accepted = await step('accept', order.id, ada);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      message: ORDER_MESSAGES.payment,
      order: { status: 'in_progress', actions: ['deliver', 'cancel'] },
    });
    if (accepted.status !== 200) return;
    const dueAt = new Date(accepted.body.order.dueAt ?? 0).getTime();
    expect(dueAt).toBeGreaterThanOrEqual(addDays(before, 3).getTime());
    expect(dueAt).toBeLessThanOrEqual(addDays(Date.now(), 3).getTime());

    const file = await uploadPdf(ada);
    const delivered = await eventually(async () => {
      const res = await step('deliver', order.id, ada, {
        message: 'Here it is',
        attachments: [{ type: 'other', url: file.url, name: '' }],
      });
      return res.status === 200 && res.body.order;
    });
    expect(delivered).toMatchObject({ status: 'delivered', actions: [] });
    expect(delivered.autoCompletesAt).not.toBeNull();
    expect(delivered.steps.at(-1)).toMatchObject({
      type: 'delivered',
      by: 'seller',
      text: 'Here it is',
      attachments: [{ type: 'other', url: file.url, name: 'brief.pdf', size: file.bytes }],
    });
    expect((await get(order.id, bob)).body).toMatchObject({ order: { actions: ['complete', 'revision'] } });

    const revised = await expectOk('revision', order.id, bob, { reason: 'Make it bigger' });
    expect(revised).toMatchObject({ status: 'in_progress', revisionsUsed: 1, autoCompletesAt: null });
    await expectOk('deliver', order.id, ada, { message: 'Bigger now' });
    const completed = await expectOk('complete', order.id, bob);
    expect(completed).toMatchObject({ status: 'completed', actions: ['review'] });
    expect(completed.steps.map((s) => [s.type, s.by, s.text])).toEqual([
      ['placed', 'buyer', ''],
      ['accepted', 'seller', ''],
      ['delivered', 'seller', 'Here it is'],
      ['revision_requested', 'buyer', 'Make it bigger'],
      ['delivered', 'seller', 'Bigger now'],
      ['completed', 'buyer', ''],
    ]);
    expect(completed.version).toBe(6);
  });

  it('declines with a reason, and refuses what the state does not allow with 409 and its sentence', async () => {
    const order = await placed();
    await expectRefused('complete', order.id, bob, 409, ORDER_MESSAGES.notDelivered);
    await expectRefused('deliver', order.id, ada, 409, ORDER_MESSAGES.notInProgress, { message: 'Too soon' });
    const declined = await expectOk('decline', order.id, ada, { reason: 'Fully booked' });
    expect(declined).toMatchObject({ status: 'declined', actions: [] });
    expect(declined.steps.at(-1)).toMatchObject({ type: 'declined', text: 'Fully booked' });
    await expectRefused('accept', order.id, ada, 409, ORDER_MESSAGES.notPending);
    await expectRefused('cancel', order.id, bob, 409, ORDER_MESSAGES.notCancellable, { reason: 'Never mind' });
  });

  it('makes one transition of two clicks on the same action, even at once', async () => {
    const order = await placed();
    const [one, two] = await Promise.all([step('accept', order.id, ada), step('accept', order.id, ada)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await streamLength(order.id)).toBe(2);
    await expectOk('deliver', order.id, ada, { message: 'Done' });
    await expectOk('deliver', order.id, ada, { message: 'Done' });
    await expectOk('complete', order.id, bob);
    const last = await expectOk('complete', order.id, bob);
    expect(last.version).toBe(4);
    expect(await streamLength(order.id)).toBe(4);
  });

  it('answers each side only its own steps, a stranger 404, nobody signed in 401, and lets an admin read', async () => {
    const order = await placed();
    for (const action of ['accept', 'decline', 'deliver', 'revision', 'complete', 'cancel'] as const) {
      const body = { reason: 'x', message: 'x' };
      expect((await step(action, order.id, eve, body)).status, action).toBe(404);
      expect((await step(action, order.id, undefined, body)).status, action).toBe(401);
      expect((await step(action, randomUUID(), ada, body)).status, action).toBe(404);
    }
    expect((await get(order.id, eve)).status).toBe(404);
    expect((await get(order.id)).status).toBe(401);
    expect((await place(undefined)).status).toBe(401);
    await expectRefused('accept', order.id, bob, 403, ORDER_MESSAGES.onlySeller);
    await expectRefused('accept', order.id, admin, 403, ORDER_MESSAGES.onlySeller);
    const read = await get(order.id, admin);
    expect(read.body).toMatchObject({ order: { role: 'admin', actions: [] } });
    expect(await streamLength(order.id)).toBe(1);
  });

  it('cancels before acceptance at once; after it, one asks, the other agrees or refuses, an admin settles', async () => {
    const early = await placed();
    expect(await expectOk('cancel', early.id, bob, { reason: 'Found someone else' })).toMatchObject({ status: 'cancelled' });

    const agreed = await placed();
    await expectOk('accept', agreed.id, ada);
    const asked = await expectOk('cancel', agreed.id, bob, { reason: 'Budget cut' });
    expect(asked).toMatchObject({ status: 'in_progress', cancellation: { requestedBy: 'buyer', reason: 'Budget cut', disputed: false } });
    expect(asked.actions).toEqual(['withdrawCancel']);
    await expectRefused('cancel', agreed.id, bob, 409, ORDER_MESSAGES.ownCancellation, { response: 'agree' });
    expect((await get(agreed.id, ada)).body).toMatchObject({ order: { actions: ['deliver', 'agreeCancel', 'refuseCancel'] } });
    const done = await expectOk('cancel', agreed.id, ada, { response: 'agree' });
    expect(done).toMatchObject({ status: 'cancelled', cancellation: null });
    expect(done.steps.at(-1)).toMatchObject({ type: 'cancelled', by: 'seller', text: 'Budget cut' });

    const disputed = await placed();
    await expectOk('accept', disputed.id, ada);
    await expectOk('cancel', disputed.id, ada, { reason: 'Sick' });
    await expectRefused('cancel', disputed.id, eve, 404, ORDER_MESSAGES.notFound, { response: 'agree' });
    await expectRefused('cancel', disputed.id, admin, 409, ORDER_MESSAGES.onlyAdmin, { response: 'agree' });
    expect(await expectOk('cancel', disputed.id, bob, { response: 'refuse' })).toMatchObject({
      cancellation: { disputed: true },
      actions: [],
    });
    await expectRefused('deliver', disputed.id, ada, 409, ORDER_MESSAGES.disputed, { message: 'Anyway' });
    expect((await get(disputed.id, admin)).body).toMatchObject({ order: { actions: ['settleCancel', 'resumeOrder'] } });
    const resumed = await expectOk('cancel', disputed.id, admin, { response: 'refuse' });
    expect(resumed).toMatchObject({ status: 'in_progress', cancellation: null, role: 'admin' });
    await expectOk('cancel', disputed.id, ada, { reason: 'Still sick' });
    await expectOk('cancel', disputed.id, bob, { response: 'refuse' });
    const settled = await expectOk('cancel', disputed.id, admin, { response: 'agree' });
    expect(settled).toMatchObject({ status: 'cancelled' });
    expect(settled.steps.at(-1)).toMatchObject({ type: 'cancelled', by: 'admin', text: 'Still sick' });

    const withdrawn = await placed();
    await expectOk('accept', withdrawn.id, ada);
    await expectOk('cancel', withdrawn.id, ada, { reason: 'Oops' });
    expect(await expectOk('cancel', withdrawn.id, ada, { response: 'withdraw' })).toMatchObject({
      cancellation: null,
      status: 'in_progress',
    });
  });

  it("refuses one's own gig, and a gig unknown, kept as a draft or deleted", async () => {
    await eventually(async () => (await place(ada)).status === 409);
    expect((await place(ada)).body).toMatchObject({ message: ORDER_MESSAGES.ownGig });
    expect((await place(bob, { gigId: randomUUID() })).body).toMatchObject({ message: ORDER_MESSAGES.gigUnavailable });
    const draft = await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ status: 'draft' }) });
    expect((await place(bob, { gigId: draft.gig.id })).status).toBe(404);
    const gone = await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig() });
    await placed({ gigId: gone.gig.id });
    await p.api.call(marketplaceRoutes.deleteGig, { params: { id: gone.gig.id }, token: ada.token });
    await eventually(async () => (await place(bob, { gigId: gone.gig.id })).status === 404);
  });

  it("checks the files as the sender's uploads: someone else's is refused with the field, and nothing is stored", async () => {
    const hers = await uploadPdf(ada);
    const id = randomUUID();
    const res = await place(bob, { id, attachments: [{ type: 'other', url: hers.url, name: 'x.pdf' }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ details: [{ field: 'attachments.0.url' }] });
    expect(await streamLength(id)).toBe(0);
    const his = await uploadPdf(bob);
    const ok = await eventually(async () => {
      const r = await place(bob, { id, attachments: [{ type: 'other', url: his.url, name: 'brief.pdf' }] });
      return r.status === 201 && r.body.order;
    });
    expect(ok.attachments).toEqual([{ type: 'other', url: his.url, name: 'brief.pdf', size: his.bytes }]);
  });

  it('lists by side and status, newest change first, paged', async () => {
    const seller = await p.api.call(ordersRoutes.list, { token: ada.token, query: { role: 'seller', limit: 100 } });
    const buyer = await p.api.call(ordersRoutes.list, { token: bob.token, query: { limit: 100 } });
    expect(seller.orders.map((o) => o.id)).toEqual(buyer.orders.map((o) => o.id));
    expect(seller.orders.every((o) => o.role === 'seller')).toBe(true);
    const times = buyer.orders.map((o) => o.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(buyer.orders[0]).not.toHaveProperty('steps');
    const active = await p.api.call(ordersRoutes.list, { token: bob.token, query: { status: 'active', limit: 100 } });
    expect(active.orders.length).toBeGreaterThan(0);
    expect(active.orders.every((o) => ['pending', 'in_progress', 'delivered'].includes(o.status))).toBe(true);
    const cancelled = await p.api.call(ordersRoutes.list, { token: bob.token, query: { status: 'cancelled' } });
    expect(cancelled.orders.every((o) => o.status === 'cancelled')).toBe(true);
    const page2 = await p.api.call(ordersRoutes.list, { token: bob.token, query: { limit: 2, page: 2 } });
    expect(page2.orders.map((o) => o.id)).toEqual(buyer.orders.slice(2, 4).map((o) => o.id));
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: buyer.orders.length, pages: Math.ceil(buyer.orders.length / 2) });
    expect((await p.api.call(ordersRoutes.list, { token: eve.token, query: {} })).orders).toEqual([]);
  });

  it('rebuilds its read tables from the orders’ streams, row for row', async () => {
    // The orders' own tables (reviews has its test with reviews written).
    await expectRebuildReproduces(p.database, { ...projections, tables: ['orders', 'order_steps'] });
  });
});
