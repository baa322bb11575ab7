import { UserPreferencesUpdated } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import { keepNewest } from '../db/keepNewest.ts';
import { defineReadModel, type EventHandler } from '../events/consumer.ts';

/**
 * Whose profile is private, from identity's preferences: what others see of a private person's
 * activity follows it (docs/decisions/identity/private-profiles-show-a-card.md): orders' reviews
 * page, events' attendee lists.
 */
export interface ProfileVisibilityTable {
  person_id: string;
  private: boolean;
  updated_at: Date;
}

export interface ProfileVisibilityReadModel {
  profile_visibility: ProfileVisibilityTable;
}

/** The `profile_visibility` table, in the migration of a service that keeps the read model. */
export async function createProfileVisibilityTable<DB>(db: Kysely<DB>): Promise<void> {
  await db.schema
    .createTable('profile_visibility')
    .addColumn('person_id', 'uuid', (c) => c.primaryKey())
    .addColumn('private', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Keeps the read model from identity's `UserPreferencesUpdated`; a person never heard of is public. */
export function keepProfileVisibility<DB extends ProfileVisibilityReadModel>(): EventHandler<DB> {
  return defineReadModel(['profile_visibility'], [UserPreferencesUpdated], async (trx: Kysely<DB>, { data, envelope }) => {
    // The handler sees only its own table of the service's database.
    await keepNewest(trx as unknown as Kysely<ProfileVisibilityReadModel>, 'profile_visibility', 'person_id', {
      person_id: data.userId,
      private: data.profileVisibility === 'private',
      updated_at: new Date(envelope.occurredAt),
    });
  });
}
