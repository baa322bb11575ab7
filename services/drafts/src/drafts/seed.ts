import { EVENT_CATEGORIES, type EventMetadata, GIG_CATEGORIES, type GigCategory } from '@commonwork/contracts';
import { type Database, importEvents, pickOne, type Random, seededUuid } from '@commonwork/kit';
import type { DraftsTables } from '../tables.ts';
import { draftAggregate } from './aggregate.ts';
import { decide } from './decide.ts';
import { initialDraftState } from './draft.ts';

const GIG_IDEAS = [
  'Landing page refresh in a week',
  'Fix your slow database queries',
  'Accessibility review of your app',
  'Set up CI for your monorepo',
  'Product copy that explains itself',
];
const EVENT_IDEAS = ['Spring hack night', 'Intro to observability', 'Freelance pricing round table', 'Design systems meet-up'];

/**
 * Seeds, for each person, a gig form and an event form left half done (title, a few words, a
 * category), through the drafts service's write path, so Saved Items has something to continue
 * for whoever signs in as a demo person. The data has the web forms' field names; the forms fill
 * in what is missing.
 */
export async function seedDrafts(
  database: Database,
  ownerIds: readonly string[],
  rng: Random,
  options: { now?: Date; metadata?: EventMetadata } = {},
) {
  const metadata = options.metadata ?? { actorId: null, correlationId: 'seed', causationId: null };
  const appends = ownerIds.flatMap((ownerId) => {
    const category = pickOne(rng, Object.keys(GIG_CATEGORIES) as GigCategory[]);
    const forms = [
      {
        draftType: 'gig' as const,
        title: pickOne(rng, GIG_IDEAS),
        data: { description: 'Started this one; the scope and the price still to decide.', category },
      },
      { draftType: 'event' as const, title: pickOne(rng, EVENT_IDEAS), data: { category: pickOne(rng, EVENT_CATEGORIES) } },
    ];
    return forms.map(({ draftType, title, data }) => {
      const draftId = seededUuid(rng);
      const command = { type: 'Save' as const, draftId, ownerId, draftType, title, data: { title, ...data } };
      return { id: draftId, expectedVersion: 0, events: decide(command, initialDraftState()) };
    });
  });
  await database
    .forSchema<DraftsTables>('drafts')
    .transaction()
    .execute(async (trx) => {
      await importEvents(trx, draftAggregate, { schema: 'drafts', metadata, now: options.now ?? new Date(), appends });
    });
  return appends.length;
}
