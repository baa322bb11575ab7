import { DEFAULT_PREFERENCES, type MemberPlan, type Preferences } from '@commonwork/contracts';
import type { StoredEvent } from '@commonwork/kit';
import type { ColumnType, Generated, JSONColumnType, Kysely, Selectable } from 'kysely';
import type { StatsTables } from '../stats/tables.ts';
import type { ProfileFields, UserEvent } from './user.ts';

/** The links kept in one jsonb column: contact and social handles. */
export interface Links {
  location: string;
  website: string;
  github: string;
  twitter: string;
  linkedin: string;
}

export interface UsersTable {
  id: string;
  subject: string;
  email: string;
  name: string;
  username: string | null;
  username_lower: string | null;
  bio: Generated<string>;
  phone: Generated<string>;
  title: Generated<string>;
  picture: string;
  picture_public_id: Generated<string>;
  role: 'user' | 'admin';
  skills: ColumnType<string[], string | undefined, string>;
  links: JSONColumnType<Links>;
  preferences: JSONColumnType<Preferences>;
  rating: Generated<number>;
  review_count: Generated<number>;
  plan: ColumnType<MemberPlan, MemberPlan | undefined, MemberPlan>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** Identity's tables: its projection of users, and the statistics read model. */
export interface IdentityTables extends StatsTables {
  users: UsersTable;
}

export type UserRow = Selectable<UsersTable>;

const LINK_KEYS = ['location', 'website', 'github', 'twitter', 'linkedin'] as const;

/** The users table columns a profile change touches. */
function columnsOf(changes: Partial<ProfileFields>, current: Links) {
  const { location, website, github, twitter, linkedin, skills, picturePublicId, ...plain } = changes;
  const linkChanges = { location, website, github, twitter, linkedin };
  const touchesLinks = LINK_KEYS.some((k) => linkChanges[k] !== undefined);
  return {
    ...plain,
    ...(skills && { skills: JSON.stringify(skills) }),
    ...(picturePublicId !== undefined && { picture_public_id: picturePublicId }),
    ...(touchesLinks && {
      links: JSON.stringify({
        ...current,
        ...Object.fromEntries(Object.entries(linkChanges).filter(([, v]) => v !== undefined)),
      }),
    }),
  };
}

/** Applies user events to the users table; the live path and the rebuild both use it. */
export async function projectUserEvents(trx: Kysely<IdentityTables>, events: StoredEvent<UserEvent>[]) {
  for (const e of events) {
    const base = { version: e.streamVersion, updated_at: e.occurredAt };
    switch (e.type) {
      case 'UserRegistered':
        await trx
          .insertInto('users')
          .values({
            id: e.data.userId,
            subject: e.data.subject,
            email: e.data.email,
            name: e.data.name,
            picture: e.data.picture,
            role: e.data.role,
            links: JSON.stringify({ location: '', website: '', github: '', twitter: '', linkedin: '' }),
            preferences: JSON.stringify(DEFAULT_PREFERENCES),
            created_at: e.occurredAt,
            ...base,
          })
          .execute();
        break;
      case 'UserProfileCompleted':
        await trx
          .updateTable('users')
          .set({
            name: e.data.name,
            username: e.data.username,
            username_lower: e.data.username.toLowerCase(),
            bio: e.data.bio,
            picture: e.data.picture,
            ...base,
          })
          .where('id', '=', e.data.userId)
          .execute();
        break;
      case 'UserProfileUpdated': {
        const row = await trx.selectFrom('users').select('links').where('id', '=', e.data.userId).executeTakeFirstOrThrow();
        await trx
          .updateTable('users')
          .set({ ...columnsOf(e.data.changes, row.links), ...base })
          .where('id', '=', e.data.userId)
          .execute();
        break;
      }
      case 'UserPreferencesChanged':
        await trx
          .updateTable('users')
          .set({ preferences: JSON.stringify(e.data.preferences), ...base })
          .where('id', '=', e.data.userId)
          .execute();
        break;
      case 'UserPlanChanged':
        await trx
          .updateTable('users')
          .set({ plan: e.data.plan, ...base })
          .where('id', '=', e.data.userId)
          .execute();
        break;
      default: {
        const never: never = e;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}
