import { DEFAULT_PREFERENCES } from '@commonwork/contracts';
import type { StoredEvent } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { IdentityTables, Links } from '../tables.ts';
import type { ProfileFields, UserEvent } from './user.ts';

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
      // The row goes: the subject, email and username are free for whoever signs in with them next.
      case 'UserDeleted':
        await trx.deleteFrom('users').where('id', '=', e.data.userId).execute();
        break;
      default: {
        const never: never = e;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}
