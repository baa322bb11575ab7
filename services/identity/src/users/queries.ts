import type { Kysely } from 'kysely';
import type { IdentityTables } from '../tables.ts';

/** Reads of the users table (the read side; changes go through the user aggregate). */
export const userQueries = (db: Kysely<IdentityTables>) => ({
  byId: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
  bySubject: (subject: string) => db.selectFrom('users').selectAll().where('subject', '=', subject).executeTakeFirst(),
  byUsername: (username: string) =>
    db.selectFrom('users').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst(),
  /** The user holding a sign-in subject or an email, whichever a racing first sign-in wrote. */
  bySubjectOrEmail: (subject: string, email: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('subject', '=', subject), eb('email', '=', email)]))
      .executeTakeFirst(),
  usernameTaken: async (username: string, exceptId: string) =>
    Boolean(
      await db
        .selectFrom('users')
        .select('id')
        .where('username_lower', '=', username.toLowerCase())
        .where('id', '!=', exceptId)
        .executeTakeFirst(),
    ),
});

export type UserQueries = ReturnType<typeof userQueries>;
