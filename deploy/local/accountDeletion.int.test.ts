import { randomUUID } from 'node:crypto';
import { DELETED_USER_NAME, eventsRoutes, identityRoutes, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { readSide, rebuildPlatform } from '@commonwork/kit';
import {
  buildEvent,
  buildUser,
  eventually,
  populatePerson,
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

    // Zed offers a gig, keeps a half-done one, uploads a file; registers for Bob's event, chats with
    // Bob about his gig, orders and reviews it. Each has a notification of the other's chat message.
    const { neighbourGigId: bobsGigId } = await populatePerson(p, zed, bob, {
      gig: 'Zed designs logos',
      draft: 'Half-done gig of Zed',
      file: { name: 'zed-notes.txt', content: 'Zed private notes' },
      neighbourEvent: 'Bob’s meetup',
      neighbourGig: 'Bob writes copy',
      personSays: `Zed asks Bob about ${word}`,
      neighbourSays: 'Bob replies',
      requirements: 'A short text',
      review: 'Zed liked it',
    });
    // Zed organises an event and writes in Bob's channel.
    await p.api.call(eventsRoutes.createEvent, { token: zed.token, body: buildEvent({ title: 'Zed’s own meetup' }) });
    channelId = (await p.api.call(messagingRoutes.createChannel, { token: bob.token, body: { name: 'bobs-corner' } })).data.id;
    await p.api.call(messagingRoutes.postChannelMessage, { params: { id: channelId }, token: bob.token, body: { content: 'Bob opens' } });
    await p.api.call(messagingRoutes.postChannelMessage, {
      params: { id: channelId },
      token: zed.token,
      body: { content: `Zed was here, write to me about ${word}` },
    });
    await p.api.call(messagingRoutes.postChannelMessage, { params: { id: channelId }, token: bob.token, body: { content: 'Bob answers' } });
    // Zed views Bob's gig signed in, and makes their profile private.
    await p.api.call(marketplaceRoutes.getGig, { params: { id: bobsGigId }, token: zed.token });
    expect(await rowsWhere(p, 'marketplace.gig_viewers', 'viewer', personViewerKey(zed.id))).toBe(1);
    await p.api.call(identityRoutes.updateUser, {
      params: { id: zed.id },
      token: zed.token,
      body: { preferences: { privacy: { profileVisibility: 'private' } } },
    });
    for (const table of ['events.profile_visibility', 'orders.profile_visibility'])
      await eventually(async () => (await rowsWhere(p, table, 'person_id', zed.id)) === 1);
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
