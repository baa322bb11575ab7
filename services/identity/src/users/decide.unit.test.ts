import { DEFAULT_PREFERENCES } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { decide, evolve } from './decide.ts';
import { initialUserState, type UserEvent } from './user.ts';

const userId = '6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    subject: 'dev:abc',
    email: 'ada@example.com',
    name: 'Ada',
    picture: '',
    role: 'user',
    card: { userId, name: 'Ada', username: null, picture: '', title: '', location: '', skills: [] },
  },
};
const given = (...events: UserEvent[]) => events.reduce(evolve, initialUserState());

describe('user decider', () => {
  it('registers a new user with the public card', () => {
    const [event] = decide({ type: 'Register', userId, subject: 'dev:abc', email: 'ada@example.com', name: 'Ada', picture: '' }, given());
    expect(event).toEqual(registered);
  });

  it('refuses to register twice', () => {
    expect(() =>
      decide({ type: 'Register', userId, subject: 'dev:abc', email: 'ada@example.com', name: 'Ada', picture: '' }, given(registered)),
    ).toThrow('User already exists');
  });

  it('completes a profile, keeping the picture when none is given', () => {
    const state = given({ ...registered, data: { ...registered.data, picture: 'https://img.example.com/a.png' } });
    const [event] = decide({ type: 'CompleteProfile', name: 'Ada L', username: 'ada', bio: 'Engines' }, state);
    expect(event).toMatchObject({
      type: 'UserProfileCompleted',
      data: { name: 'Ada L', username: 'ada', bio: 'Engines', picture: 'https://img.example.com/a.png', card: { username: 'ada' } },
    });
  });

  it('emits only what changes, and nothing for a save without changes', () => {
    const state = given(registered);
    expect(decide({ type: 'UpdateProfile', changes: { name: 'Ada', bio: '' } }, state)).toEqual([]);
    const [event] = decide({ type: 'UpdateProfile', changes: { name: 'Ada', bio: 'New', skills: ['x'] } }, state);
    expect(event).toMatchObject({ type: 'UserProfileUpdated', data: { changes: { bio: 'New', skills: ['x'] }, card: { skills: ['x'] } } });
  });

  it('merges a partial preferences change into the full preferences', () => {
    const events = decide(
      { type: 'UpdateProfile', changes: {}, preferences: { privacy: { showEmail: true }, language: 'de' } },
      given(registered),
    );
    expect(events).toEqual([
      {
        type: 'UserPreferencesChanged',
        data: {
          userId,
          preferences: { ...DEFAULT_PREFERENCES, privacy: { ...DEFAULT_PREFERENCES.privacy, showEmail: true }, language: 'de' },
        },
      },
    ]);
  });

  it('refuses changes to a user who does not exist', () => {
    expect(() => decide({ type: 'UpdateProfile', changes: { bio: 'x' } }, given())).toThrow('User not found');
  });
});
