import { ChannelCreated, type PublicUserCard, UserPreferencesUpdated, UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { published, readModelSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(1);
const card = (name: string, picture = 'https://example.com/a.png'): PublicUserCard => ({
  userId: ada,
  name,
  username: null,
  picture,
  title: '',
  location: '',
  skills: [],
});
const at = (minutes: number) => new Date(SPEC_START.getTime() + minutes * 60_000).toISOString();
const registered = published(UserRegistered, { ...card('Ada Lovelace'), email: 'ada@example.com', authProvider: 'google' });
const renamed = (name: string, minutes: number) =>
  published(UserProfileUpdated, card(name, 'https://example.com/b.png'), { occurredAt: at(minutes) });

describe("the events service's read models of other services' events", () => {
  const spec = readModelSpec({ schema: 'events', migrations, subscriptions });

  it("keeps each person's name and picture from identity's events, the newest card winning whatever order they come in", () =>
    spec
      .given(registered, renamed('Ada King', 2))
      .given(renamed('Ada (older card)', 1))
      .thenRows('people', [{ user_id: ada, name: 'Ada King', picture: 'https://example.com/b.png', updated_at: new Date(at(2)) }]));

  it('handles a redelivered card once', () =>
    spec
      .given(registered)
      .given(registered)
      .thenRows('people', [{ user_id: ada, name: 'Ada Lovelace', updated_at: SPEC_START }]));

  it('keeps whose profile is private, the newest preference winning whatever order they come in', () => {
    const visibility = (profileVisibility: 'public' | 'private', minutes: number) =>
      published(
        UserPreferencesUpdated,
        { userId: ada, notifications: {}, profileVisibility, searchable: true },
        { occurredAt: at(minutes) },
      );
    return spec
      .given(visibility('private', 2))
      .given(visibility('public', 1))
      .thenRows('profile_visibility', [{ person_id: ada, private: true, updated_at: new Date(at(2)) }]);
  });

  it("links an event to the channel messaging opened for it, the first one only; other channels are not events'", () => {
    const channel = (n: number, eventId?: string) =>
      published(ChannelCreated, { channelId: specId(n), name: 'meetup', type: 'public', creatorId: ada, ...(eventId && { eventId }) });
    return spec
      .given(channel(10, specId(50)), channel(11))
      .given(channel(12, specId(50)))
      .thenRows('event_channels', [{ event_id: specId(50), channel_id: specId(10) }]);
  });
});
