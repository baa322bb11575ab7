import { randomUUID } from 'node:crypto';
import {
  type CallInput,
  ChatMessagePosted,
  chatMessage,
  type EventEnvelope,
  eventsRoutes,
  identityRoutes,
  marketplaceRoutes,
  messagingRoutes,
  notificationsRoutes,
} from '@commonwork/contracts';
import {
  buildEvent,
  buildGig,
  buildUser,
  eventually,
  expectRebuildReproduces,
  startTestPlatform,
  type TestPlatform,
} from '@commonwork/kit/testing';
import { subDays } from 'date-fns';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('notifications through the gateway', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let gig: { id: string; title: string };

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = await Promise.all([buildUser(p, 'Ada Freelancer'), buildUser(p, 'Bob Buyer')]);
    gig = (await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title: 'Logo design' }) })).gig;
  });
  afterAll(() => p.stop());

  const list = (token: string, query: CallInput<typeof notificationsRoutes.list>['query'] = {}) =>
    p.api.call(notificationsRoutes.list, { query, token });
  const badge = async (token: string) => (await list(token, { limit: 1, unreadOnly: 'true' })).unreadCount;
  /** PATCH as the spec's axios client sends it: a JSON content type and no body. */
  const bodilessJson = { 'content-type': 'application/json' };
  const markRead = (id: string, token: string) =>
    p.api.send(notificationsRoutes.markRead, { params: { id }, token, headers: bodilessJson });
  const markAllRead = (token: string) => p.api.send(notificationsRoutes.markAllRead, { token, headers: bodilessJson });
  const interest = (token: string, gigId = gig.id) => p.api.send(notificationsRoutes.gigInterest, { token, body: { gigId } });

  it('tells the freelancer of an interest in their gig, once the gig is known here', async () => {
    const sent = await eventually(async () => {
      const res = await interest(bob.token);
      return res.status === 201 && res;
    });
    expect(sent.body).toMatchObject({ success: true, message: 'Interest notification sent to freelancer' });
    const { notifications, unreadCount, pagination } = await list(ada.token);
    expect(unreadCount).toBe(1);
    expect(pagination).toEqual({ currentPage: 1, totalPages: 1, totalNotifications: 1, hasNext: false, hasPrev: false });
    expect(notifications[0]).toMatchObject({
      type: 'gig_interest',
      title: 'New Interest in Your Gig!',
      read: false,
      sender: { _id: bob.id, name: 'Bob Buyer' },
      // `words` and the values: what the web app writes the words from in the person's language.
      data: { gigId: gig.id, gigTitle: 'Logo design', words: 'gigInterest' },
    });
    expect(await badge(ada.token)).toBe(1);
    expect(await badge(bob.token)).toBe(0);
  });

  it('refuses interest in your own gig, an unknown gig and a visitor', async () => {
    expect((await interest(ada.token)).status).toBe(400);
    const unknown = await interest(bob.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Gig not found');
    expect((await p.api.send(notificationsRoutes.gigInterest, { body: { gigId: gig.id } })).status).toBe(401);
  });

  it("marks read, marks all read and deletes only one's own, with bodiless PATCH calls", async () => {
    await interest(bob.token);
    await interest(bob.token);
    const [first, second] = (await list(ada.token)).notifications;
    if (!first || !second) throw new Error('two interests, two notifications');
    const remove = (id: string, token: string) => p.api.send(notificationsRoutes.remove, { params: { id }, token });
    expect((await markRead(first.id, bob.token)).status).toBe(404);
    expect((await remove(first.id, bob.token)).status).toBe(404);
    const read = await markRead(first.id, ada.token);
    expect(read.status).toBe(200);
    expect(read.body.notification.read).toBe(true);
    const before = await badge(ada.token);
    const all = await markAllRead(ada.token);
    expect(all.body).toEqual({ success: true, message: 'All notifications marked as read', unreadCount: 0 });
    expect(before).toBeGreaterThan(0);
    const removed = await remove(second.id, ada.token);
    expect(removed.status).toBe(200);
    expect((await list(ada.token)).notifications.map((n) => n.id)).not.toContain(second.id);
    expect((await list(ada.token, { unreadOnly: 'true' })).notifications).toEqual([]);
    const readTab = await list(ada.token, { readOnly: 'true' });
    expect(readTab.notifications.length).toBeGreaterThan(0);
    expect(readTab.notifications.every((n) => n.read)).toBe(true);
  });

  it('keeps one unread notification per chat, updated by each message and read with the chat', async () => {
    const chat = (await p.api.call(messagingRoutes.createChat, { token: bob.token, body: { recipientId: ada.id, gigId: gig.id } })).data;
    const before = await badge(ada.token);
    for (const content of ['Hi Ada', 'Are you free next week?'])
      await p.api.send(messagingRoutes.postChatMessage, { params: { chatId: chat.id }, token: bob.token, body: { content } });
    const message = await eventually(async () => {
      const found = (await list(ada.token)).notifications.find((n) => n.type === 'message');
      return found?.message === 'Are you free next week?' && found;
    });
    expect(message).toMatchObject({ title: 'New message from Bob Buyer', data: { chatId: chat.id, words: 'chatMessage' }, read: false });
    expect(await badge(ada.token)).toBe(before + 1);
    await p.api.send(messagingRoutes.readChat, { params: { chatId: chat.id }, token: ada.token });
    await eventually(async () => (await badge(ada.token)) === before);
  });

  it('dates a notification when its source happened, listed by that time and unread however late it was made', async () => {
    const dee = await buildUser(p, 'Dee Late');
    const deeGig = (await p.api.call(marketplaceRoutes.createGig, { token: dee.token, body: buildGig() })).gig;
    await eventually(async () => (await interest(bob.token, deeGig.id)).status === 201);
    const pushed: EventEnvelope[] = [];
    await p.bus.consume({
      stream: 'NOTIFICATIONS',
      durable: 'test-late',
      filterSubject: 'notifications.>',
      handle: async (m) => void pushed.push(m.envelope),
    });
    // A message two days old, as a consumer catching up (or the demo's history) meets it now.
    const sentAt = subDays(new Date(), 2).toISOString();
    const chatId = randomUUID();
    // The wire shape from contracts' one builder, as messaging publishes it.
    const message = chatMessage({
      id: randomUUID(),
      chatId,
      content: 'Still on for Friday?',
      sender: { id: bob.id, name: 'Bob Buyer', picture: '' },
      sequence: 1,
      clientId: null,
      createdAt: sentAt,
    });
    await p.bus.publish({
      id: randomUUID(),
      type: ChatMessagePosted.type,
      version: ChatMessagePosted.version,
      occurredAt: sentAt,
      streamId: `chat-${chatId}`,
      data: { chatId, participantIds: [bob.id, dee.id], message },
      metadata: { actorId: bob.id, correlationId: randomUUID(), causationId: null },
    });
    const { notifications, unreadCount } = await eventually(async () => {
      const page = await list(dee.token);
      return page.notifications.length === 2 && page;
    });
    expect(notifications.map((n) => n.type)).toEqual(['gig_interest', 'message']);
    expect(notifications[1]).toMatchObject({ createdAt: sentAt, read: false, message: 'Still on for Friday?' });
    expect(unreadCount).toBe(2);
    const live = await eventually(async () =>
      pushed.find((e) => (e.data as { notification?: { data: { chatId?: string } } }).notification?.data.chatId === chatId),
    );
    expect(live.data).toMatchObject({ unreadCount: 2, notification: { createdAt: sentAt } });
  });

  it("tells an organiser of each registration, and attendees of the event's changes", async () => {
    const event = (await p.api.call(eventsRoutes.createEvent, { token: ada.token, body: buildEvent({ title: 'Design jam' }) })).data;
    await p.api.send(eventsRoutes.register, { params: { id: event.id }, token: bob.token });
    const registration = await eventually(async () => (await list(ada.token)).notifications.find((n) => n.data.eventId === event.id));
    expect(registration).toMatchObject({
      type: 'event_invite',
      title: 'New registration for Design jam',
      sender: { _id: bob.id },
      data: { eventTitle: 'Design jam', words: 'eventRegistered', attendeeCount: 1 },
    });
    await p.api.send(eventsRoutes.updateEvent, {
      params: { id: event.id },
      token: ada.token,
      body: buildEvent({ title: 'Design jam', time: '19:00' }),
    });
    const change = await eventually(async () => (await list(bob.token)).notifications.find((n) => n.data.eventId === event.id));
    expect(change).toMatchObject({ title: 'Design jam was updated', data: { eventTitle: 'Design jam', words: 'eventUpdated' } });
  });

  it("tells a channel's creator who joined it by link", async () => {
    const channel = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'brand-talk', type: 'private' } }))
      .data;
    const link = await p.api.call(messagingRoutes.joinLink, { params: { id: channel.id }, token: ada.token });
    expect((await p.api.send(messagingRoutes.joinByLink, { params: { joinLink: link.data.joinLink }, token: bob.token })).status).toBe(200);
    const joined = await eventually(async () => (await list(ada.token)).notifications.find((n) => n.data.channelId === channel.id));
    expect(joined).toMatchObject({
      type: 'system',
      title: 'Bob Buyer joined #brand-talk',
      sender: { _id: bob.id },
      data: { words: 'channelJoined', channelName: 'brand-talk' },
    });
  });

  it('makes no notification of a kind the person turned off', async () => {
    const cy = await buildUser(p, 'Cy Quiet');
    const quietGig = (await p.api.call(marketplaceRoutes.createGig, { token: cy.token, body: buildGig() })).gig;
    await p.api.send(identityRoutes.updateUser, {
      params: { id: cy.id },
      token: cy.token,
      body: { preferences: { notifications: { marketplaceAlerts: false } } },
    });
    await eventually(async () => {
      const { rows } = await sql<{
        off: boolean;
      }>`select not marketplace_alerts as off from notifications.people where user_id = ${cy.id}`.execute(p.database.root);
      return rows[0]?.off;
    });
    await eventually(async () => (await interest(bob.token, quietGig.id)).status === 201);
    expect(await badge(cy.token)).toBe(0);
  });

  it('keeps the unread count exact under a burst of interests and a mark-all-read among them', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => buildUser(p, `Fan ${i}`)));
    const calls: Promise<unknown>[] = people.map((person) => interest(person.token));
    calls.splice(6, 0, markAllRead(ada.token));
    await Promise.all(calls);
    // Whatever order the burst landed in, one interest after it leaves something unread.
    await interest((await buildUser(p, 'Fan last')).token);
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from notifications.notifications where user_id = ${ada.id} and not read`.execute(p.database.root);
    expect(await badge(ada.token)).toBe(Number(rows[0]?.n));
    expect(await badge(ada.token)).toBeGreaterThan(0);
    await expectRebuildReproduces(p.database, projections);
  });
});
