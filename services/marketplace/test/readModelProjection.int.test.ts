import { type PublicUserCard, UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { published, readModelSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(1);
const grace = specId(2);
const at = (minutes: number) => new Date(SPEC_START.getTime() + minutes * 60_000).toISOString();
const card = (userId: string, name: string, more: Partial<PublicUserCard> = {}): PublicUserCard => ({
  userId,
  name,
  username: null,
  picture: 'https://example.com/a.png',
  title: '',
  location: '',
  skills: [],
  ...more,
});
const registered = (userId: string, name: string) =>
  published(UserRegistered, { ...card(userId, name), email: `${name}@example.com`, authProvider: 'google' });
const updated = (name: string, minutes: number, more: Partial<PublicUserCard> = {}) =>
  published(UserProfileUpdated, card(ada, name, more), { occurredAt: at(minutes) });

describe("marketplace's freelancers, kept from identity's events", () => {
  const spec = readModelSpec({ schema: 'marketplace', migrations, subscriptions });

  it('keeps a registered person, and their whole card as a profile change gives it', () =>
    spec
      .given(registered(ada, 'Ada'), registered(grace, 'Grace'))
      .given(updated('Ada King', 1, { username: 'ada', title: 'Engineer', location: 'London', skills: ['math', 'engines'] }))
      .thenRows('freelancers', [
        {
          user_id: ada,
          name: 'Ada King',
          username: 'ada',
          title: 'Engineer',
          location: 'London',
          skills: ['math', 'engines'],
          updated_at: new Date(at(1)),
        },
        { user_id: grace, name: 'Grace', username: null, skills: [], updated_at: SPEC_START },
      ]));

  it('keeps the newest card whatever order the events come in: an older one arriving late changes nothing', () =>
    spec
      .given(updated('Ada King', 2, { title: 'Newest' }))
      .given(updated('Ada (older)', 1, { title: 'Older' }), registered(ada, 'Ada'))
      .thenRows('freelancers', [{ user_id: ada, name: 'Ada King', title: 'Newest', updated_at: new Date(at(2)) }]));

  it('handles a redelivered card once', () => {
    const change = updated('Ada King', 1);
    return spec
      .given(registered(ada, 'Ada'), change)
      .given(change)
      .thenRows('freelancers', [{ user_id: ada, name: 'Ada King', updated_at: new Date(at(1)) }]);
  });
});
