import { SOCKET_EVENTS as E, identityRoutes, marketplaceRoutes, notificationsRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Client, connect, settle } from './support.ts';

type User = Awaited<ReturnType<typeof buildUser>>;

// The live badge: each change of a person's inbox reaches every device they have open, and nobody else's.
describe('notifications on the socket', () => {
  let p: TestPlatform;
  let seller: User;
  let buyer: User;
  let gig: { id: string };
  const clients: Client[] = [];
  const open = async (user: User) => {
    const client = await connect(p.services.realtime.url, user.token);
    clients.push(client);
    return client;
  };
  const interest = (token: string, gigId: string, message: string) =>
    eventually(async () => {
      const res = await p.api.send(notificationsRoutes.gigInterest, { token, body: { gigId, message } });
      return res.status === 201;
    });

  beforeAll(async () => {
    p = await startTestPlatform();
    [seller, buyer] = await Promise.all([buildUser(p, 'Sal Seller'), buildUser(p, 'Bea Buyer')]);
    gig = (await p.api.call(marketplaceRoutes.createGig, { token: seller.token, body: buildGig({ title: 'Shop front' }) })).gig;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => p?.stop());

  it("pushes a new interest to the seller's devices with the count, and the count again when it is read", async () => {
    const [phone, laptop, buyerLaptop] = [await open(seller), await open(seller), await open(buyer)];
    await interest(buyer.token, gig.id, 'Can you start Monday?');
    for (const device of [phone, laptop]) {
      const pushed = await device.next(E.newNotification, (n) => n.notification.message === 'Can you start Monday?');
      expect(pushed).toMatchObject({
        unreadCount: 1,
        notification: { type: 'gig_interest', title: 'New Interest in Your Gig!', read: false, sender: { _id: buyer.id } },
      });
    }
    const { notification, revision } = await phone.next(E.newNotification);

    const read = await p.api.send(notificationsRoutes.markRead, { params: { id: notification._id }, token: seller.token });
    expect(read.status).toBe(200);
    const count = await laptop.next(E.notificationCount);
    expect(count).toEqual({ unreadCount: 0, revision: revision + 1 });
    await settle();
    expect(buyerLaptop.received(E.newNotification)).toEqual([]);
    expect(buyerLaptop.received(E.notificationCount)).toEqual([]);
  });

  it('sends only the count to someone who turned push off', async () => {
    await p.api.send(identityRoutes.updateUser, {
      params: { id: seller.id },
      token: seller.token,
      body: { preferences: { notifications: { push: false } } },
    });
    await eventually(async () => {
      const { rows } = await sql<{ off: boolean }>`
        select not push as off from notifications.people where user_id = ${seller.id}`.execute(p.database.root);
      return rows[0]?.off;
    });
    const laptop = await open(seller);
    await interest(buyer.token, gig.id, 'Quietly interested');
    const count = await laptop.next(E.notificationCount);
    expect(count.unreadCount).toBe(1);
    await settle();
    expect(laptop.received(E.newNotification)).toEqual([]);
  });
});
