import { type EventEnvelope, UserPreferencesUpdated, UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { type StoredEvent, toEnvelope } from '@commonwork/kit';
import type { UserEvent } from './users/user.ts';

/**
 * Chooses what identity publishes. Stored events are identity's own; the published ones carry the
 * public card other services keep, never the provider subject.
 */
export function publishUserEvent(stored: StoredEvent): EventEnvelope | null {
  const event = { type: stored.type, data: stored.data } as UserEvent;
  const envelope = (type: string, version: number, data: unknown) => ({ ...toEnvelope(stored), type, version, data });
  switch (event.type) {
    case 'UserRegistered':
      return envelope(UserRegistered.type, UserRegistered.version, {
        ...event.data.card,
        email: event.data.email,
        authProvider: 'google',
      });
    case 'UserProfileCompleted':
    case 'UserProfileUpdated':
      return envelope(UserProfileUpdated.type, UserProfileUpdated.version, event.data.card);
    case 'UserPreferencesChanged': {
      const { notifications, privacy } = event.data.preferences;
      return envelope(UserPreferencesUpdated.type, UserPreferencesUpdated.version, {
        userId: event.data.userId,
        notifications,
        profileVisibility: privacy.profileVisibility,
        searchable: privacy.searchable,
      });
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}
