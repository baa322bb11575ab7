import { randomUUID } from 'node:crypto';
import { ORDERS_EVENTS } from '@commonwork/contracts';
import type { StoredEvent } from '@commonwork/kit';
import { addDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { type OrderCaller, type OrderCommand, orderDecider } from './orders/decide.ts';
import type { OrderEvent } from './orders/order.ts';
import { publishOrderEvent } from './publish.ts';

const buyer: OrderCaller = { userId: randomUUID(), admin: false };
const seller: OrderCaller = { userId: randomUUID(), admin: false };
const admin: OrderCaller = { userId: randomUUID(), admin: true };
const t0 = new Date('2026-11-02T10:00:00.000Z');
const orderId = randomUUID();

/** Every kind of step, in an order's life as the decider takes them. */
const life: OrderCommand[] = [
  {
    type: 'Place',
    orderId,
    buyerId: buyer.userId,
    gig: { gigId: randomUUID(), ownerId: seller.userId, title: 'Logo', price: 80, deliveryTime: '1', available: true },
    requirements: 'A fox',
    attachments: [],
    at: t0,
  },
  { type: 'Accept', caller: seller, at: t0 },
  { type: 'MarkLate', at: addDays(t0, 2) },
  { type: 'Cancel', caller: buyer, reason: 'Too slow', at: addDays(t0, 2) },
  { type: 'Cancel', caller: seller, reason: '', response: 'refuse', at: addDays(t0, 2) },
  { type: 'Cancel', caller: admin, reason: '', response: 'refuse', at: addDays(t0, 2) },
  { type: 'Deliver', caller: seller, message: 'Here', attachments: [], at: addDays(t0, 3) },
  { type: 'RequestRevision', caller: buyer, reason: 'Bigger', at: addDays(t0, 3) },
  { type: 'Deliver', caller: seller, message: 'Bigger', attachments: [], at: addDays(t0, 3) },
  { type: 'Complete', caller: 'system', at: addDays(t0, 9) },
];

function storedLife(commands: readonly OrderCommand[]) {
  let state = orderDecider.initialState();
  const stored: StoredEvent<OrderEvent>[] = [];
  for (const command of commands) {
    for (const event of orderDecider.decide(command, state)) {
      state = orderDecider.evolve(state, event);
      stored.push({
        ...event,
        globalPosition: stored.length + 1,
        streamId: `order-${orderId}`,
        streamVersion: stored.length + 1,
        eventId: randomUUID(),
        version: 1,
        metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
        occurredAt: new Date(event.data.at),
      } as StoredEvent<OrderEvent>);
    }
  }
  return stored;
}

describe("orders' published events", () => {
  it("publishes every step as its contract's event, carrying the order's card after the step", () => {
    const stored = storedLife(life);
    const published = stored.map(publishOrderEvent);
    expect(published.map((e) => e.type)).toEqual([
      'orders.order.placed',
      'orders.order.accepted',
      'orders.order.marked_late',
      'orders.order.cancellation_requested',
      'orders.order.cancellation_refused',
      'orders.order.cancellation_withdrawn',
      'orders.order.delivered',
      'orders.order.revision_requested',
      'orders.order.delivered',
      'orders.order.completed',
    ]);
    published.forEach((envelope, i) => {
      const contract = ORDERS_EVENTS.find((c) => c.type === envelope.type);
      expect(contract?.schema.safeParse(envelope.data).success, envelope.type).toBe(true);
      expect(envelope.data).toMatchObject(stored[i]?.data.card ?? {});
    });
    expect(published.at(-1)?.data).toMatchObject({ status: 'completed', by: 'system', late: true });
    expect(published[7]?.data).toMatchObject({ text: 'Bigger', revisionsUsed: 1, revisionsAllowed: 2 });
    expect(published[8]?.data).toMatchObject({ deliveries: 2 });
    // The requirements and files stay with the two sides.
    expect(published[0]?.data).not.toHaveProperty('requirements');
  });

  it('publishes a cancellation with the reason asked', () => {
    const cancelled = storedLife([
      ...life.slice(0, 2),
      life[3] as OrderCommand,
      { type: 'Cancel', caller: seller, reason: '', response: 'agree', at: t0 },
    ]);
    expect(publishOrderEvent(cancelled.at(-1) as StoredEvent<OrderEvent>)).toMatchObject({
      type: 'orders.order.cancelled',
      data: { status: 'cancelled', by: 'seller', text: 'Too slow' },
    });
  });
});
