import type { EventMetadata } from '@commonwork/contracts';
import { type Database, importEvents, nameBasedId } from '@commonwork/kit';
import { keepPerson } from '../handlers/onPersonChanged.ts';
import type { NotificationsTables } from '../tables.ts';
import { inboxAggregate } from './aggregate.ts';
import { decide, evolve } from './decide.ts';
import { initialInboxState } from './inbox.ts';

/** Someone's interest in a demo gig, as the gig-interest call receives it. */
export interface DemoGigInterest {
  ownerId: string;
  sender: { userId: string; name: string; picture: string };
  gigId: string;
  gigTitle: string;
  at: Date;
}

/**
 * Seeds gig-interest notifications through the inbox aggregate, with the content the gig-interest
 * call makes (routes.ts), dated when they were sent. The other notifications of the demo (chat
 * messages, registrations) are made by the service itself from messaging's and events' published
 * events once the platform runs.
 */
export async function seedGigInterests(database: Database, interests: readonly DemoGigInterest[], metadata: EventMetadata) {
  const byOwner = new Map<string, DemoGigInterest[]>();
  for (const interest of interests) byOwner.set(interest.ownerId, [...(byOwner.get(interest.ownerId) ?? []), interest]);
  const db = database.forSchema<NotificationsTables>('notifications');
  await db.transaction().execute(async (trx) => {
    for (const [ownerId, ofOwner] of byOwner) {
      let state = initialInboxState();
      let version = 0;
      for (const interest of [...ofOwner].sort((a, b) => a.at.getTime() - b.at.getTime())) {
        const content = {
          type: 'gig_interest' as const,
          title: 'New Interest in Your Gig!',
          message: `${interest.sender.name} is interested in your gig "${interest.gigTitle}"`,
          sender: interest.sender,
          data: { gigId: interest.gigId, gigTitle: interest.gigTitle, words: 'gigInterest' as const },
        };
        const notificationId = nameBasedId(`commonwork-demo-interest:${interest.gigId}:${interest.sender.userId}`);
        const events = decide({ type: 'Notify', userId: ownerId, notificationId, key: null, content, live: true }, state);
        await importEvents(trx, inboxAggregate, {
          schema: 'notifications',
          metadata,
          now: interest.at,
          appends: [{ id: ownerId, expectedVersion: version, events }],
        });
        state = events.reduce(evolve, state);
        version += events.length;
      }
    }
  });
  return interests.length;
}

/**
 * The people notifications name as senders, as identity's events would leave them, kept before the
 * platform starts: the seeded registrations and chat messages it then makes into notifications
 * name their senders even when they are handled before identity's events (another stream).
 */
export async function seedNotificationPeople(
  database: Database,
  people: readonly { userId: string; name: string; picture: string; email: string; at: Date }[],
) {
  const db = database.forSchema<NotificationsTables>('notifications');
  await db.transaction().execute(async (trx) => {
    for (const p of people) await keepPerson(trx, p.userId, { name: p.name, picture: p.picture, email: p.email }, p.at);
  });
}
