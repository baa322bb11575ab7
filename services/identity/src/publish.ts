import {
  PersonalDataExportRequested,
  UserDeleted,
  UserPreferencesUpdated,
  UserProfileUpdated,
  UserRegistered,
} from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
import type { IdentityEvent } from './events.ts';

/**
 * Chooses what identity publishes. Stored events are identity's own; the published ones carry the
 * public card other services keep, never the provider subject.
 */
export function publishUserEvent(stored: StoredEvent<IdentityEvent>) {
  switch (stored.type) {
    case 'UserRegistered':
      return publishAs(UserRegistered, stored, { ...stored.data.card, email: stored.data.email, authProvider: 'google' });
    case 'UserProfileCompleted':
      return publishAs(UserProfileUpdated, stored, stored.data.card);
    case 'UserProfileUpdated': {
      const { card, replacedPictureId } = stored.data;
      return publishAs(UserProfileUpdated, stored, { ...card, ...(replacedPictureId && { replacedPictureId }) });
    }
    case 'UserPreferencesChanged': {
      const { notifications, privacy } = stored.data.preferences;
      return publishAs(UserPreferencesUpdated, stored, {
        userId: stored.data.userId,
        notifications,
        profileVisibility: privacy.profileVisibility,
        searchable: privacy.searchable,
      });
    }
    // Every service forgets the person on it; it says nothing but who.
    case 'UserDeleted':
      return publishAs(UserDeleted, stored, { userId: stored.data.userId });
    // Every service answers with its part of the person's data (only the ids travel).
    case 'PersonalDataExportRequested':
      return publishAs(PersonalDataExportRequested, stored, stored.data);
    // A plan is identity's own business so far: no other service reads it.
    case 'UserPlanChanged':
      return null;
    // Personal access tokens are identity's own: verifiers ask identity, so nothing is published.
    case 'PersonalTokenCreated':
    case 'PersonalTokenRevoked':
      return null;
    default: {
      const never: never = stored;
      return never;
    }
  }
}
