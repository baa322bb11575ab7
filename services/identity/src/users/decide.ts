import { type MemberPlan, mergePreferences, PROFILE_MESSAGES, type PreferencesPatch } from '@commonwork/contracts';
import { Conflict, createError, type Decider, sameJson } from '@commonwork/kit';
import { cardOf, initialUserState, type ProfileFields, type UserEvent, type UserState } from './user.ts';

export const UserNotFound = createError('USER_NOT_FOUND', 'User not found', 404);
export const ProfileChangedElsewhere = createError('PROFILE_CHANGED', PROFILE_MESSAGES.changedElsewhere, 409);

export type UserCommand =
  | { type: 'Register'; userId: string; subject: string; email: string; name: string; picture: string }
  | { type: 'CompleteProfile'; name: string; username: string; bio: string; picture?: string | undefined }
  | {
      type: 'UpdateProfile';
      changes: Partial<ProfileFields>;
      preferences?: PreferencesPatch | undefined;
      /** The version the edit started from; none: merged as it is (spec 000's client). */
      baseVersion?: number | undefined;
    }
  | { type: 'ChangePlan'; plan: MemberPlan; changedBy: string }
  | { type: 'Delete' };

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, name, picture } = event.data;
      return { ...state, exists: true, userId, email, name, picture };
    }
    case 'UserProfileCompleted': {
      const { name, username, bio, picture } = event.data;
      return { ...state, name, username, bio, picture };
    }
    case 'UserProfileUpdated':
      return { ...state, ...event.data.changes };
    case 'UserPreferencesChanged':
      return { ...state, preferences: event.data.preferences };
    case 'UserPlanChanged':
      return { ...state, plan: event.data.plan };
    case 'UserDeleted':
      return { ...initialUserState(), version: state.version };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Keeps only the fields that actually change, so a no-op save emits no event. */
function diff(state: UserState, changes: Partial<ProfileFields>): Partial<ProfileFields> {
  return Object.fromEntries(Object.entries(changes).filter(([k, v]) => !sameJson(state[k as keyof ProfileFields], v)));
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'Register': {
      if (state.exists) throw Conflict('User already exists');
      const { userId, subject, email, name, picture } = command;
      const next = evolve(state, {
        type: 'UserRegistered',
        data: { userId, subject, email, name, picture, role: 'user', card: cardOf(state) },
      });
      return [{ type: 'UserRegistered', data: { userId, subject, email, name, picture, role: 'user', card: cardOf(next) } }];
    }
    case 'CompleteProfile': {
      if (!state.exists) throw UserNotFound();
      const data = {
        userId: state.userId,
        name: command.name,
        username: command.username,
        bio: command.bio,
        picture: command.picture || state.picture,
      };
      const next = evolve(state, { type: 'UserProfileCompleted', data: { ...data, card: cardOf(state) } });
      return [{ type: 'UserProfileCompleted', data: { ...data, card: cardOf(next) } }];
    }
    case 'UpdateProfile': {
      if (!state.exists) throw UserNotFound();
      // A save from an older version would write back what it never saw changed.
      if (command.baseVersion !== undefined && command.baseVersion !== state.version) throw ProfileChangedElsewhere();
      const events: UserEvent[] = [];
      const changes = diff(state, command.changes);
      if (Object.keys(changes).length > 0) {
        const next = evolve(state, { type: 'UserProfileUpdated', data: { userId: state.userId, changes, card: cardOf(state) } });
        // A picture of ours replaced by another: the old image goes (media consumes this).
        const replaced = changes.picturePublicId !== undefined && state.picturePublicId ? state.picturePublicId : undefined;
        events.push({
          type: 'UserProfileUpdated',
          data: { userId: state.userId, changes, card: cardOf(next), ...(replaced && { replacedPictureId: replaced }) },
        });
      }
      if (command.preferences) {
        const preferences = mergePreferences(state.preferences, command.preferences);
        if (!sameJson(preferences, state.preferences)) {
          events.push({ type: 'UserPreferencesChanged', data: { userId: state.userId, preferences } });
        }
      }
      return events;
    }
    case 'ChangePlan': {
      if (!state.exists) throw UserNotFound();
      if (state.plan === command.plan) return [];
      return [{ type: 'UserPlanChanged', data: { userId: state.userId, plan: command.plan, changedBy: command.changedBy } }];
    }
    case 'Delete': {
      if (!state.exists) throw UserNotFound();
      return [{ type: 'UserDeleted', data: { userId: state.userId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

/** Every event is one version of the stream, so the state knows the version a write is based on. */
const evolveCounted = (state: UserState, event: UserEvent): UserState => ({ ...evolve(state, event), version: state.version + 1 });

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState: initialUserState, evolve: evolveCounted, decide };
