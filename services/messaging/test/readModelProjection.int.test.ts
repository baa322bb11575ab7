import { type PublicUserCard, UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { published, readModelSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(1);
const grace = specId(2);
const at = (minutes: number) => new Date(SPEC_START.getTime() + minutes * 60_000).toISOString();
const card = (userId: string, name: string, picture: string): PublicUserCard => ({
  userId,
  name,
  username: null,
  picture,
  title: '',
  location: '',
  skills: [],
});
const registered = (userId: string, name: string) =>
  published(UserRegistered, { ...card(userId, name, 'https://example.com/a.png'), email: `${name}@example.com`, authProvider: 'google' });
const updated = (name: string, minutes: number, picture = 'https://example.com/b.png') =>
  published(UserProfileUpdated, card(ada, name, picture), { occurredAt: at(minutes) });

describe("messaging's people, kept from identity's events", () => {
  const spec = readModelSpec({ schema: 'messaging', migrations, subscriptions });

  it('keeps the address from registration and the name and picture from the newest card, a profile change keeping the address', () =>
    spec
      .given(registered(ada, 'Ada'), registered(grace, 'Grace'))
      .given(updated('Ada King', 1))
      .thenRows('people', [
        { user_id: ada, name: 'Ada King', email: 'Ada@example.com', picture: 'https://example.com/b.png', updated_at: new Date(at(1)) },
        { user_id: grace, name: 'Grace', email: 'Grace@example.com', picture: 'https://example.com/a.png', updated_at: SPEC_START },
      ]));

  it('keeps the newest card whatever order the changes come in: an older one arriving late changes nothing', () =>
    spec
      .given(registered(ada, 'Ada'))
      .given(updated('Ada King', 2, 'https://example.com/new.png'))
      .given(updated('Ada (older)', 1, 'https://example.com/old.png'))
      .thenRows('people', [
        { user_id: ada, name: 'Ada King', email: 'Ada@example.com', picture: 'https://example.com/new.png', updated_at: new Date(at(2)) },
      ]));

  it('keeps someone whose profile change comes before their registration, as the change names them, with the address registration gives', () =>
    spec
      .given(updated('Ada King', 1))
      .given(registered(ada, 'Ada'))
      .thenRows('people', [
        { user_id: ada, name: 'Ada King', email: 'Ada@example.com', picture: 'https://example.com/b.png', updated_at: new Date(at(1)) },
      ]));

  it('handles a redelivered card once', () => {
    const change = updated('Ada King', 1);
    return spec
      .given(registered(ada, 'Ada'), change)
      .given(change)
      .thenRows('people', [{ user_id: ada, name: 'Ada King', updated_at: new Date(at(1)) }]);
  });
});
