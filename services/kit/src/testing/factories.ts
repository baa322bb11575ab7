import type { EventInput, GigInput, OrderCard } from '@commonwork/contracts';

let gigs = 0;

/** A valid gig body for `POST /api/gigs`: `buildGig({ price: 50 })`. */
export function buildGig(overrides: Partial<GigInput> = {}): GigInput {
  gigs++;
  return {
    title: `Responsive landing page ${gigs}`,
    description: 'I build fast, accessible landing pages with React and Tailwind, tested on every screen size.',
    category: 'web',
    subCategory: 'frontend',
    price: 250,
    deliveryTime: '7',
    tags: ['react', 'tailwind'],
    status: 'active',
    ...overrides,
  };
}

let events = 0;

/** A valid published event body for `POST /api/events`, a month from now: `buildEvent({ maxAttendees: 10 })`. */
export function buildEvent(overrides: Partial<EventInput> = {}): EventInput {
  events++;
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    title: `TypeScript meetup ${events}`,
    description: 'Talks and pizza: what is new in TypeScript, and how we test event-sourced services.',
    category: 'meetup',
    date: day,
    time: '18:30',
    endTime: '21:00',
    timeZone: 'Europe/London',
    location: { type: 'offline', venue: 'Hub', address: '1 Main Street', city: 'London', country: 'UK', meetingLink: '' },
    price: 0,
    currency: 'USD',
    maxAttendees: 50,
    tags: ['typescript', 'testing'],
    agenda: [{ time: '18:30', title: 'Doors open', description: '', speaker: '' }],
    requirements: ['A laptop'],
    images: [],
    status: 'published',
    ...overrides,
  };
}

/**
 * An order as the orders service's events carry it, after a step (`OrderCard`), for the services that
 * consume them: `buildOrderCard({ orderId, buyerId, sellerId, status: 'delivered', by: 'seller' })`.
 */
export function buildOrderCard(overrides: Partial<OrderCard> & Pick<OrderCard, 'orderId' | 'buyerId' | 'sellerId'>): OrderCard {
  return {
    gigId: '00000000-0000-4000-8000-0000000000ff',
    gigTitle: 'Logo design',
    price: 250,
    deliveryTime: '7',
    status: 'pending',
    late: false,
    dueAt: null,
    by: 'buyer',
    ...overrides,
  };
}
