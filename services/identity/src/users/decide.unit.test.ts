import { DEFAULT_PREFERENCES } from '@commonwork/contracts';
import { Conflict } from '@commonwork/kit';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { ProfileChangedElsewhere, UserNotFound, userDecider } from './decide.ts';
import type { UserEvent } from './user.ts';

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
const register = { type: 'Register', userId, subject: 'dev:abc', email: 'ada@example.com', name: 'Ada', picture: '' } as const;
const spec = deciderSpec(userDecider);

describe('user decider', () => {
  it('registers a new user with the public card', () => {
    spec.given().when(register).then(registered);
  });

  it('refuses to register twice', () => {
    spec.given(registered).when(register).thenThrows(Conflict);
  });

  it('refuses a profile change based on an older version of the stream, and takes one based on the current', () => {
    const bio = { type: 'UpdateProfile', changes: { bio: 'Engines' } } as const;
    const phoneChanged: UserEvent = { type: 'UserProfileUpdated', data: { userId, changes: { phone: '1' }, card: registered.data.card } };
    spec
      .given(registered, phoneChanged)
      .when({ ...bio, baseVersion: 1 })
      .thenThrows(ProfileChangedElsewhere);
    spec
      .given(registered, phoneChanged)
      .when({ ...bio, baseVersion: 2 })
      .thenMatches({ type: 'UserProfileUpdated', data: { changes: { bio: 'Engines' } } });
  });

  it('completes a profile, keeping the picture when none is given', () => {
    spec
      .given({ ...registered, data: { ...registered.data, picture: 'https://img.example.com/a.png' } })
      .when({ type: 'CompleteProfile', name: 'Ada L', username: 'ada', bio: 'Engines' })
      .thenMatches({
        type: 'UserProfileCompleted',
        data: { name: 'Ada L', username: 'ada', bio: 'Engines', picture: 'https://img.example.com/a.png', card: { username: 'ada' } },
      });
  });

  it('emits only what changes, and nothing for a save without changes', () => {
    spec
      .given(registered)
      .when({ type: 'UpdateProfile', changes: { name: 'Ada', bio: '' } })
      .thenNothing();
    spec
      .given(registered)
      .when({ type: 'UpdateProfile', changes: { name: 'Ada', bio: 'New', skills: ['x'] } })
      .thenMatches({ type: 'UserProfileUpdated', data: { changes: { bio: 'New', skills: ['x'] }, card: { skills: ['x'] } } });
  });

  it('names the uploaded picture a new one replaces, and none for a first picture', () => {
    const picture = (id: string) => ({ picture: `/api/media/${id}.png`, picturePublicId: id });
    const first: UserEvent = { type: 'UserProfileUpdated', data: { userId, changes: picture('p1'), card: registered.data.card } };
    spec
      .given(registered)
      .when({ type: 'UpdateProfile', changes: picture('p1') })
      .thenMatches({ type: 'UserProfileUpdated', data: { changes: picture('p1') } });
    spec
      .given(registered, first)
      .when({ type: 'UpdateProfile', changes: picture('p2') })
      .thenMatches({ type: 'UserProfileUpdated', data: { changes: picture('p2'), replacedPictureId: 'p1' } });
    // The same picture again changes nothing, so nothing is deleted.
    spec
      .given(registered, first)
      .when({ type: 'UpdateProfile', changes: picture('p1') })
      .thenNothing();
  });

  it('merges a partial preferences change into the full preferences', () => {
    spec
      .given(registered)
      .when({ type: 'UpdateProfile', changes: {}, preferences: { privacy: { showEmail: true }, language: 'de' } })
      .then({
        type: 'UserPreferencesChanged',
        data: {
          userId,
          preferences: { ...DEFAULT_PREFERENCES, privacy: { ...DEFAULT_PREFERENCES.privacy, showEmail: true }, language: 'de' },
        },
      });
  });

  it('refuses changes to a user who does not exist', () => {
    spec
      .given()
      .when({ type: 'UpdateProfile', changes: { bio: 'x' } })
      .thenThrows(UserNotFound);
    spec.given().when({ type: 'CompleteProfile', name: 'Ada L', username: 'ada', bio: '' }).thenThrows(UserNotFound);
  });
});
