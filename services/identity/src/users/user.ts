import { DEFAULT_PLAN, DEFAULT_PREFERENCES, type MemberPlan, type Preferences } from '@commonwork/contracts';

/** The fields of a profile a user edits (PUT /api/users/{id}), all optional in a change. */
export interface ProfileFields {
  name: string;
  phone: string;
  bio: string;
  title: string;
  location: string;
  website: string;
  github: string;
  twitter: string;
  linkedin: string;
  skills: string[];
  picture: string;
  picturePublicId: string;
}

/** The public card other services keep (event-carried state). */
export interface UserCard {
  userId: string;
  name: string;
  username: string | null;
  picture: string;
  title: string;
  location: string;
  skills: string[];
}

/** The user aggregate's stored events (identity's own; `publish.ts` maps what others see). */
export type UserEvent =
  | {
      type: 'UserRegistered';
      data: { userId: string; subject: string; email: string; name: string; picture: string; role: 'user' | 'admin'; card: UserCard };
    }
  | { type: 'UserProfileCompleted'; data: { userId: string; name: string; username: string; bio: string; picture: string; card: UserCard } }
  | {
      type: 'UserProfileUpdated';
      // `replacedPictureId`: the uploaded picture a new one replaced, for media to delete.
      data: { userId: string; changes: Partial<ProfileFields>; card: UserCard; replacedPictureId?: string };
    }
  | { type: 'UserPreferencesChanged'; data: { userId: string; preferences: Preferences } }
  // `changedBy`: the admin who set it (until plans are sold, only admins do).
  | { type: 'UserPlanChanged'; data: { userId: string; plan: MemberPlan; changedBy: string } }
  // The account is gone: the earlier events of the stream were redacted in the same transaction (personalData/forget.ts).
  | { type: 'UserDeleted'; data: { userId: string } };

export interface UserState extends ProfileFields {
  exists: boolean;
  userId: string;
  email: string;
  username: string | null;
  preferences: Preferences;
  plan: MemberPlan;
  /** How many events the stream holds: its version, which a profile write names (userDecider counts). */
  version: number;
}

export const initialUserState = (): UserState => ({
  exists: false,
  userId: '',
  email: '',
  username: null,
  name: '',
  phone: '',
  bio: '',
  title: '',
  location: '',
  website: '',
  github: '',
  twitter: '',
  linkedin: '',
  skills: [],
  picture: '',
  picturePublicId: '',
  preferences: DEFAULT_PREFERENCES,
  plan: DEFAULT_PLAN,
  version: 0,
});

export const cardOf = (s: UserState): UserCard => ({
  userId: s.userId,
  name: s.name,
  username: s.username,
  picture: s.picture,
  title: s.title,
  location: s.location,
  skills: s.skills,
});
