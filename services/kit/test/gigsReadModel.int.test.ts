import { randomUUID } from 'node:crypto';
import { type GigCard, GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGigsTable, type Database, type GigsReadModel, keepGigs, migrateSchema } from '../src/index.ts';
import { databaseAdapters } from './adapters.ts';
import { buildEnvelope } from './factories.ts';

const schema = 'gigs_read_model';
const handler = keepGigs<GigsReadModel>();
/** The handler's tools: this read model decides nothing. */
const tools = { aggregate: () => expect.unreachable('the gigs read model uses no aggregate') };

describe.each(databaseAdapters)('the gigs read model on $name', ({ open }) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.forSchema<GigsReadModel>(schema);

  beforeAll(async () => {
    ({ database, drop } = await open());
    await migrateSchema(database, schema, [{ name: '001_gigs', up: (kysely) => createGigsTable(kysely) }]);
  });
  afterAll(() => drop());

  /** Marketplace's event `type` about the gig, as it occurred `secondsIn` seconds into the test. */
  const deliver = (type: string, data: Record<string, unknown>, secondsIn: number) =>
    handler.handle(
      db(),
      {
        type,
        data,
        envelope: buildEnvelope({ type, data, occurredAt: new Date(Date.UTC(2026, 10, 1, 12, 0, secondsIn)).toISOString() }),
      } as never,
      tools as never,
    );
  const stored = (gigId: string) => db().selectFrom('gigs').selectAll().where('gig_id', '=', gigId).executeTakeFirst();
  const ownerId = randomUUID();
  const card = (gigId: string, title: string): GigCard => ({
    gigId,
    ownerId,
    title,
    category: 'web',
    subCategory: 'Frontend',
    price: 100,
    deliveryTime: '7',
    tags: [],
  });

  it('knows a published gig, keeps its newest title, and ignores an older change arriving late', async () => {
    const gigId = randomUUID();
    await deliver(GigPublished.type, card(gigId, 'Logo design'), 1);
    await deliver(GigUpdated.type, card(gigId, 'Logo and brand design'), 3);
    await deliver(GigUpdated.type, card(gigId, 'Logo redesign'), 2);
    expect(await stored(gigId)).toMatchObject({ owner_id: ownerId, title: 'Logo and brand design', available: true });
  });

  it('keeps a gig taken down, with its last title, unavailable; an older publish arriving late does not bring it back', async () => {
    const gigId = randomUUID();
    await deliver(GigPublished.type, card(gigId, 'Landing page'), 1);
    await deliver(GigDeleted.type, { gigId, ownerId, title: 'Landing page in React' }, 5);
    await deliver(GigUpdated.type, card(gigId, 'Landing page v2'), 4);
    expect(await stored(gigId)).toMatchObject({ title: 'Landing page in React', available: false });
  });

  it('marks a gig sent back to draft unavailable, and available again when published later', async () => {
    const gigId = randomUUID();
    await deliver(GigPublished.type, card(gigId, 'API review'), 1);
    await deliver(GigUnpublished.type, { gigId, ownerId }, 2);
    expect(await stored(gigId)).toMatchObject({ title: 'API review', available: false });
    await deliver(GigPublished.type, card(gigId, 'API review'), 3);
    expect(await stored(gigId)).toMatchObject({ available: true });
  });
});
