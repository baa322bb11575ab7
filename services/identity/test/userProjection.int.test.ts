import { DEFAULT_PREFERENCES, type Preferences } from '@commonwork/contracts';
import { batchTime, projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { migrations } from '../src/migrations.ts';
import { userAggregate } from '../src/users/aggregate.ts';
import type { UserCard, UserEvent } from '../src/users/user.ts';

const ada = specId(1);
const card = (name: string): UserCard => ({ userId: ada, name, username: null, picture: '', title: '', location: '', skills: [] });
const registered = (userId = ada, name = 'Ada Lovelace'): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    subject: `dev|${userId}`,
    email: `${userId}@example.com`,
    name,
    picture: 'https://example.com/a.png',
    role: 'user',
    card: card(name),
  },
});
const completed: UserEvent = {
  type: 'UserProfileCompleted',
  data: { userId: ada, name: 'Ada King', username: 'Ada.L', bio: 'Analyst', picture: 'https://example.com/b.png', card: card('Ada King') },
};
const updated = (changes: Extract<UserEvent, { type: 'UserProfileUpdated' }>['data']['changes']): UserEvent => ({
  type: 'UserProfileUpdated',
  data: { userId: ada, changes, card: card('Ada') },
});
const noLinks = { location: '', website: '', github: '', twitter: '', linkedin: '' };

describe('the users projection', () => {
  const spec = projectionSpec({ schema: 'identity', migrations, aggregate: userAggregate, idOf: (e) => e.data.userId });

  it('registers a user with empty links, the default preferences and plan, at version 1', () =>
    spec.given(registered()).thenRows('users', [
      {
        id: ada,
        subject: `dev|${ada}`,
        email: `${ada}@example.com`,
        name: 'Ada Lovelace',
        username: null,
        picture: 'https://example.com/a.png',
        role: 'user',
        bio: '',
        skills: [],
        links: noLinks,
        preferences: DEFAULT_PREFERENCES,
        plan: 'basic',
        version: 1,
        created_at: SPEC_START,
        updated_at: SPEC_START,
      },
    ]));

  it('completes a profile: name, username (and its lower case for lookups), bio, picture', () =>
    spec
      .given(registered())
      .given(completed)
      .thenRows('users', [
        {
          id: ada,
          name: 'Ada King',
          username: 'Ada.L',
          username_lower: 'ada.l',
          bio: 'Analyst',
          picture: 'https://example.com/b.png',
          version: 2,
          created_at: SPEC_START,
          updated_at: batchTime(1),
        },
      ]));

  it('updates only the fields a change names: a link merges into the others, skills and the picture id land in their columns', () =>
    spec
      .given(registered())
      .given(updated({ github: 'ada', location: 'London' }))
      .given(updated({ twitter: 'countess', skills: ['maths', 'engines'], picturePublicId: specId(9), phone: '+44 1' }))
      .thenRows('users', [
        {
          id: ada,
          name: 'Ada Lovelace',
          links: { ...noLinks, github: 'ada', location: 'London', twitter: 'countess' },
          skills: ['maths', 'engines'],
          picture_public_id: specId(9),
          phone: '+44 1',
          version: 3,
          updated_at: batchTime(2),
        },
      ]));

  it('replaces the preferences with the changed ones, and sets the plan an admin chose', () => {
    const preferences: Preferences = { ...DEFAULT_PREFERENCES, language: 'fr' };
    return spec
      .given(registered())
      .given(
        { type: 'UserPreferencesChanged', data: { userId: ada, preferences } },
        { type: 'UserPlanChanged', data: { userId: ada, plan: 'premium', changedBy: specId(2) } },
      )
      .thenRows('users', [{ id: ada, preferences, plan: 'premium', version: 3, updated_at: batchTime(1) }]);
  });

  it("keeps users apart: each row's version counts its own stream", () =>
    spec.given(registered(), registered(specId(2), 'Grace Hopper'), updated({ bio: 'Poet of science' })).thenRows('users', [
      { id: ada, bio: 'Poet of science', version: 2 },
      { id: specId(2), name: 'Grace Hopper', version: 1 },
    ]));
});
