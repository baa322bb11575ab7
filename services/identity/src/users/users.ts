import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@commonwork/contracts';
import { Conflict, isUniqueViolation, type ServiceContext } from '@commonwork/kit';
import type { IdentityTables, UserRow } from '../tables.ts';
import { userAggregate } from './aggregate.ts';
import { type UserCommand, UserNotFound } from './decide.ts';
import { userQueries } from './queries.ts';

export const UsernameTaken = () => Conflict('Username is already taken');

/**
 * Identity's users as its routes use them: the aggregate for changes (answering the row it left),
 * the queries for reads, and first sign-in's registration race.
 */
export function usersOf(ctx: ServiceContext<IdentityTables>) {
  const store = ctx.aggregate(userAggregate);
  const queries = userQueries(ctx.db);

  const change = async (userId: string, command: UserCommand, metadata: EventMetadata): Promise<UserRow> => {
    try {
      await store.handle(userId, command, metadata);
    } catch (error) {
      // Two people racing for one username: the loser's projection hits the unique index.
      if (isUniqueViolation(error, 'users_username_unique')) throw UsernameTaken();
      throw error;
    }
    const row = await queries.byId(userId);
    if (!row) throw UserNotFound();
    return row;
  };

  return {
    ...queries,
    change,
    /**
     * The user a verified credential names, registering them on first sign-in. Two first sign-ins
     * racing each other both end with the same user: the loser's insert fails on the unique subject.
     */
    async findOrRegister(who: { subject: string; email: string; name: string; picture: string }, metadata: EventMetadata) {
      const existing = await queries.bySubject(who.subject);
      if (existing) return { row: existing, isNew: false };
      const userId = randomUUID();
      try {
        const row = await change(userId, { type: 'Register', userId, ...who }, { ...metadata, actorId: userId });
        return { row, isNew: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const winner = await queries.bySubjectOrEmail(who.subject, who.email);
        if (!winner) throw error;
        if (winner.subject !== who.subject) throw Conflict('This email is already registered with another sign-in');
        return { row: winner, isNew: false };
      }
    },
  };
}

export type Users = ReturnType<typeof usersOf>;
