import {
  draftsRoutes,
  type EventInput,
  eventsRoutes,
  type GigInput,
  marketplaceRoutes,
  mediaRoutes,
  messagingRoutes,
  notificationsRoutes,
  type OrderCard,
  ordersRoutes,
} from '@commonwork/contracts';
import type { buildUser, TestPlatform } from './platform.ts';
import { eventually } from './resources.ts';

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

type Person = Awaited<ReturnType<typeof buildUser>>;

/** The words `populatePerson` writes, each where a test will look for it. */
export interface PersonTexts {
  /** The title of the person's gig, and of their draft of another. */
  gig: string;
  draft: string;
  /** A text file the person uploads. */
  file: { name: string; content: string };
  /** The titles of the neighbour's event, which the person registers for, and of the neighbour's gig, which they order. */
  neighbourEvent: string;
  neighbourGig: string;
  /** The chat about the neighbour's gig: one message each. */
  personSays: string;
  neighbourSays: string;
  /** The order's requirements and the person's review of it. */
  requirements: string;
  review: string;
}

/**
 * Gives `person` something in every service, with `neighbour` on the other side: a gig, a draft, an
 * uploaded file, a registration for the neighbour's event, a chat with them about their gig, and an
 * order of it, delivered, completed and reviewed. Returns once each of the two has a notification of
 * the other's chat message (every service has taken both in).
 */
export async function populatePerson(p: TestPlatform, person: Person, neighbour: Person, texts: PersonTexts) {
  await p.api.call(marketplaceRoutes.createGig, { token: person.token, body: buildGig({ title: texts.gig }) });
  await p.api.call(draftsRoutes.create, { token: person.token, body: { type: 'gig', title: texts.draft, data: buildGig() } });
  const form = new FormData();
  form.append('file', new Blob([new TextEncoder().encode(texts.file.content)], { type: 'text/plain' }), texts.file.name);
  const uploaded = await p.api.send(mediaRoutes.uploadFile, { token: person.token, body: form });
  if (uploaded.status !== 201) throw new Error(`the upload was answered ${uploaded.status}`);

  const event = (await p.api.call(eventsRoutes.createEvent, { token: neighbour.token, body: buildEvent({ title: texts.neighbourEvent }) }))
    .data;
  const registered = await p.api.send(eventsRoutes.register, { params: { id: event.id }, token: person.token });
  if (registered.status !== 200) throw new Error(`the registration was answered ${registered.status}`);
  const gig = (await p.api.call(marketplaceRoutes.createGig, { token: neighbour.token, body: buildGig({ title: texts.neighbourGig }) }))
    .gig;
  // Messaging and orders learn of the gig from its event.
  const chat = await eventually(async () => {
    const res = await p.api.send(messagingRoutes.createChat, { token: person.token, body: { recipientId: neighbour.id, gigId: gig.id } });
    return res.status === 201 && res.body.data;
  });
  await p.api.call(messagingRoutes.postChatMessage, {
    params: { chatId: chat.id },
    token: person.token,
    body: { content: texts.personSays },
  });
  await p.api.call(messagingRoutes.postChatMessage, {
    params: { chatId: chat.id },
    token: neighbour.token,
    body: { content: texts.neighbourSays },
  });
  const order = await eventually(async () => {
    const res = await p.api.send(ordersRoutes.create, { token: person.token, body: { gigId: gig.id, requirements: texts.requirements } });
    return res.status === 201 && res.body.order;
  });
  await p.api.call(ordersRoutes.accept, { params: { id: order.id }, token: neighbour.token, body: {} });
  await p.api.call(ordersRoutes.deliver, { params: { id: order.id }, token: neighbour.token, body: { message: 'Delivered' } });
  await p.api.call(ordersRoutes.complete, { params: { id: order.id }, token: person.token, body: {} });
  await p.api.call(ordersRoutes.review, { params: { id: order.id }, token: person.token, body: { rating: 5, text: texts.review } });
  for (const who of [person, neighbour])
    await eventually(async () => (await p.api.call(notificationsRoutes.list, { token: who.token, query: {} })).notifications.length > 0);
  return { neighbourGigId: gig.id, orderId: order.id };
}
