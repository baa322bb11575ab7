import { randomUUID } from 'node:crypto';
import {
  DELETED_USER_NAME,
  draftsRoutes,
  eventsRoutes,
  identityRoutes,
  marketplaceRoutes,
  mediaRoutes,
  messagingRoutes,
  notificationsRoutes,
  ordersRoutes,
} from '@commonwork/contracts';
import { readSide, rebuildPlatform } from '@commonwork/kit';
import {
  buildEvent,
  buildGig,
  buildUser,
  eventually,
  startTestPlatform,
  streamMessagesHolding,
  type TestPlatform,
  tablesHolding,
} from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personViewerKey } from '../../services/marketplace/src/views/views.ts';
import { SERVICE_PARTS } from './services.ts';

type Person = Awaited<ReturnType<typeof buildUser>>;
const PLATFORM = Object.values(SERVICE_PARTS).map((part) => readSide(part.projections));

const SCHEMAS = PLATFORM.map((s) => s.schema);
const tablesWith = (p: TestPlatform, texts: readonly string[]) => tablesHolding(p.database, SCHEMAS, texts);
/** On JetStream, every message kept in the test's streams holding one of `texts`; the in-process bus is searched by the tables' check alone. */
const streamMessagesWith = (p: TestPlatform, texts: readonly string[]) =>
  process.env.NATS_URL && p.namespace ? streamMessagesHolding(process.env.NATS_URL, p.namespace, texts) : Promise.resolve([]);
/** How many rows of a table have `column` equal to `value` (and the boolean column `and` true). */
const rowsWhere = async (p: TestPlatform, table: string, column: string, value: string, and?: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
      where ${sql.ref(column)} = ${value} ${and ? sql`and ${sql.ref(and)}` : sql``}`.execute(p.database.root)
  ).rows[0]?.n;

describe('deleting an account, through the gateway', () => {
  let p: TestPlatform;
  let zed: Person;
  let bob: Person;
  let channelId: string;
  const name = `Zelda Forgetme ${randomUUID().slice(0, 6)}`;
  /** A word only Zed writes (letters only, so the search reads it as one word). */
  const word = `zorblax${randomUUID()
    .slice(0, 8)
    .replace(/\d/g, (d) => String.fromCharCode(103 + Number(d)))}`;
  const searchFor = (q: string) => p.api.call(messagingRoutes.searchMessages, { token: bob.token, query: { q } });

  beforeAll(async () => {
    p = await startTestPlatform();
    [zed, bob] = await Promise.all([buildUser(p, name), buildUser(p, 'Bob Staying')]);

    // Zed offers a gig, keeps a half-done one, uploads a file, organises an event.
    await p.api.call(marketplaceRoutes.createGig, { token: zed.token, body: buildGig({ title: 'Zed designs logos' }) });
    await p.api.call(draftsRoutes.create, { token: zed.token, body: { type: 'gig', title: 'Half-done gig of Zed', data: buildGig() } });
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode('Zed private notes')], { type: 'text/plain' }), 'zed-notes.txt');
    expect((await p.api.send(mediaRoutes.uploadFile, { token: zed.token, body: form })).status).toBe(201);
    await p.api.call(eventsRoutes.createEvent, { token: zed.token, body: buildEvent({ title: 'Zed’s own meetup' }) });

    // Zed writes in Bob's channel, registers for Bob's event, chats with Bob about his gig, orders and reviews it.
    channelId = (await p.api.call(messagingRoutes.createChannel, { token: bob.token, body: { name: 'bobs-corner' } })).data.id;
    await p.api.call(messagingRoutes.postChannelMessage, { params: { id: channelId }, token: bob.token, body: { content: 'Bob opens' } });
    await p.api.call(messagingRoutes.postChannelMessage, {
      params: { id: channelId },
      token: zed.token,
      body: { content: `Zed was here, write to me about ${word}` },
    });
    await p.api.call(messagingRoutes.postChannelMessage, { params: { id: channelId }, token: bob.token, body: { content: 'Bob answers' } });
    const event = (await p.api.call(eventsRoutes.createEvent, { token: bob.token, body: buildEvent({ title: 'Bob’s meetup' }) })).data;
    expect((await p.api.send(eventsRoutes.register, { params: { id: event.id }, token: zed.token })).status).toBe(200);
    const bobsGig = (await p.api.call(marketplaceRoutes.createGig, { token: bob.token, body: buildGig({ title: 'Bob writes copy' }) })).gig;
    const chat = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: zed.token, body: { recipientId: bob.id, gigId: bobsGig.id } });
      return res.status === 201 && res.body.data;
    });
    await p.api.call(messagingRoutes.postChatMessage, {
      params: { chatId: chat.id },
      token: zed.token,
      body: { content: `Zed asks Bob about ${word}` },
    });
    await p.api.call(messagingRoutes.postChatMessage, { params: { chatId: chat.id }, token: bob.token, body: { content: 'Bob replies' } });
    // Zed views Bob's gig signed in, and makes their profile private.
    await p.api.call(marketplaceRoutes.getGig, { params: { id: bobsGig.id }, token: zed.token });
    expect(await rowsWhere(p, 'marketplace.gig_viewers', 'viewer', personViewerKey(zed.id))).toBe(1);
    await p.api.call(identityRoutes.updateUser, {
      params: { id: zed.id },
      token: zed.token,
      body: { preferences: { privacy: { profileVisibility: 'private' } } },
    });
    for (const table of ['events.profile_visibility', 'orders.profile_visibility'])
      await eventually(async () => (await rowsWhere(p, table, 'person_id', zed.id)) === 1);
    const order = await eventually(async () => {
      const res = await p.api.send(ordersRoutes.create, { token: zed.token, body: { gigId: bobsGig.id, requirements: 'A short text' } });
      return res.status === 201 && res.body.order;
    });
    await p.api.call(ordersRoutes.accept, { params: { id: order.id }, token: bob.token, body: {} });
    await p.api.call(ordersRoutes.deliver, { params: { id: order.id }, token: bob.token, body: { message: 'Delivered' } });
    await p.api.call(ordersRoutes.complete, { params: { id: order.id }, token: zed.token, body: {} });
    await p.api.call(ordersRoutes.review, { params: { id: order.id }, token: zed.token, body: { rating: 4, text: 'Zed liked it' } });
    // Each has a notification of the other's chat message: every service has taken Zed in.
    for (const who of [zed, bob])
      await eventually(async () => (await p.api.call(notificationsRoutes.list, { token: who.token, query: {} })).notifications.length > 0);
    await eventually(async () => (await tablesWith(p, [name])).length >= 6, 20_000);
    // Bob finds Zed's word in both conversations, and the typo search's word list holds it.
    await eventually(async () => (await searchFor(word)).data.hits.length === 2);
    expect(await rowsWhere(p, 'messaging.message_words', 'word', word)).toBe(1);
    // The search below finds what it looks for: the streams hold Zed's name before the deletion (on JetStream).
    if (p.namespace) expect((await streamMessagesWith(p, [name])).length).toBeGreaterThan(0);
  }, 180_000);
  afterAll(() => p?.stop());

  it('refuses a confirmation that is not the username, and changes nothing', async () => {
    const wrong = await p.api.send(identityRoutes.deleteAccount, { token: zed.token, body: { confirm: 'someone-else' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ details: [{ field: 'confirm' }] });
    const me = await p.api.send(identityRoutes.userById, { params: { id: zed.id }, token: zed.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { name } });
  });

  it('forgets the person in every service, keeps their place in others’ conversations, and a rebuild brings nothing back', async () => {
    const deleted = await p.api.send(identityRoutes.deleteAccount, { token: zed.token, body: { confirm: zed.username.toUpperCase() } });
    expect(deleted.body).toMatchObject({ success: true });
    expect(deleted.status).toBe(200);
    // Every session of theirs ended: the token they held is refused.
    await eventually(async () => (await p.api.send(identityRoutes.userById, { params: { id: bob.id }, token: zed.token })).status === 401);

    const traces = [name, zed.email, word];
    // Every service forgets on identity's event: nothing left to read in any table, event store or stream.
    const left = await eventually(async () => {
      const found = await tablesWith(p, traces);
      return found.length === 0 && found;
    }, 40_000).catch(() => tablesWith(p, traces));
    expect(left).toEqual([]);
    expect(await streamMessagesWith(p, traces)).toEqual([]);

    // Bob's channel keeps the message's place, from 'Deleted user', its words gone.
    const page = await p.api.call(messagingRoutes.channelMessages, { params: { id: channelId }, token: bob.token, query: {} });
    expect(page.data.messages.map((m) => [m.sender.name, m.content])).toEqual([
      ['Bob Staying', 'Bob opens'],
      [DELETED_USER_NAME, ''],
      ['Bob Staying', 'Bob answers'],
    ]);
    // Their words are found nowhere, not even by a typo's reading; a word Bob wrote too stays.
    expect((await searchFor(word)).data.hits).toEqual([]);
    expect((await searchFor(word.slice(0, -1))).data.hits).toEqual([]);
    expect(await rowsWhere(p, 'messaging.message_words', 'word', word)).toBe(0);
    expect(await rowsWhere(p, 'messaging.message_words', 'word', 'bob')).toBe(1);
    // Nothing says any more which gigs they viewed, nor that their profile was private.
    expect(await rowsWhere(p, 'marketplace.gig_viewers', 'viewer', personViewerKey(zed.id))).toBe(0);
    for (const table of ['events.profile_visibility', 'orders.profile_visibility'])
      expect(await rowsWhere(p, table, 'person_id', zed.id)).toBe(0);
    // Their own gig is gone.
    const gigs = await p.api.call(marketplaceRoutes.listGigs, { query: { search: 'Zed designs logos' } });
    expect(gigs.gigs).toEqual([]);

    const rebuilt = await rebuildPlatform(p.database, PLATFORM);
    expect(rebuilt.map((r) => r.schema).sort()).toEqual(PLATFORM.map((s) => s.schema).sort());
    expect(await tablesWith(p, traces)).toEqual([]);
    expect(await rowsWhere(p, 'messaging.message_words', 'word', word)).toBe(0);
    // Their preferences replay as the defaults: nothing says their profile was private.
    for (const table of ['events.profile_visibility', 'orders.profile_visibility'])
      expect(await rowsWhere(p, table, 'person_id', zed.id, 'private')).toBe(0);
    const again = await p.api.call(messagingRoutes.channelMessages, { params: { id: channelId }, token: bob.token, query: {} });
    expect(again.data.messages.map((m) => m.sender.name)).toEqual(['Bob Staying', DELETED_USER_NAME, 'Bob Staying']);
  }, 120_000);

  it('lets the same account sign in afresh, as a new person', async () => {
    const dev = await p.api.call(identityRoutes.devToken, { body: { email: zed.email, name } });
    const session = await p.api.send(identityRoutes.googleSignIn, { body: { token: dev.token } });
    expect(session.status).toBe(200);
    expect(session.body.isNewUser).toBe(true);
    expect(session.body.user.id).not.toBe(zed.id);
  });
});
