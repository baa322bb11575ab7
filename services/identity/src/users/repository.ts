import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@commonwork/contracts';
import { Conflict, handleCommand, isUniqueViolation } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import { type UserCommand, UserNotFound, userDecider } from './decide.ts';
import { type IdentityTables, projectUserEvents, type UserRow } from './projection.ts';
import { userStreamId } from './user.ts';

export const UsernameTaken = () => Conflict('Username is already taken');

/** Reads and writes users: the read table for queries, the event-sourced write path for changes. */
export function createUserRepository(db: Kysely<IdentityTables>, published: () => void) {
  const byId = (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

  const execute = async (userId: string, command: UserCommand, metadata: EventMetadata): Promise<UserRow> => {
    try {
      await handleCommand(db, userDecider, command, {
        schema: 'identity',
        streamId: userStreamId(userId),
        metadata,
        now: new Date(),
        project: (trx, events) => projectUserEvents(trx as Kysely<IdentityTables>, events),
        afterCommit: published,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_unique')) throw UsernameTaken();
      throw error;
    }
    const row = await byId(userId);
    if (!row) throw UserNotFound();
    return row;
  };

  return {
    byId,
    byUsername: (username: string) =>
      db.selectFrom('users').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst(),
    usernameTaken: async (username: string, exceptId: string) =>
      Boolean(
        await db
          .selectFrom('users')
          .select('id')
          .where('username_lower', '=', username.toLowerCase())
          .where('id', '!=', exceptId)
          .executeTakeFirst(),
      ),
    execute,

    /**
     * The user a verified credential names, registering them on first sign-in. Two first sign-ins
     * racing each other both end with the same user: the loser's insert fails on the unique subject.
     */
    async findOrRegister(who: { subject: string; email: string; name: string; picture: string }, metadata: EventMetadata) {
      const existing = await db.selectFrom('users').selectAll().where('subject', '=', who.subject).executeTakeFirst();
      if (existing) return { row: existing, isNew: false };
      const userId = randomUUID();
      try {
        const row = await execute(userId, { type: 'Register', userId, ...who }, { ...metadata, actorId: userId });
        return { row, isNew: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const winner = await db
          .selectFrom('users')
          .selectAll()
          .where((eb) => eb.or([eb('subject', '=', who.subject), eb('email', '=', who.email)]))
          .executeTakeFirst();
        if (!winner) throw error;
        if (winner.subject !== who.subject) throw Conflict('This email is already registered with another sign-in');
        return { row: winner, isNew: false };
      }
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
