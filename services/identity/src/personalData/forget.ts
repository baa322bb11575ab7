import { DEFAULT_PREFERENCES, DELETED_USER_NAME, identityRoutes } from '@commonwork/contracts';
import {
  type Forgetting,
  type ForgottenPerson,
  forgetPerson,
  redactPersonalData,
  registerRoute,
  type ServiceContext,
  type StoredEvent,
  serviceStream,
  ValidationFailed,
} from '@commonwork/kit';
import type { Sessions } from '../sessions/sessions.ts';
import type { IdentityTables } from '../tables.ts';
import { userAggregate } from '../users/aggregate.ts';
import { UserNotFound } from '../users/decide.ts';
import type { UserEvent } from '../users/user.ts';
import type { Users } from '../users/users.ts';
import { deleteExportsOf } from './exports/exportExpiry.ts';

const CONFIRM_MESSAGE = 'Type your username to confirm';

/** What a profile change said, each field emptied (a link, a phone, a bio) or shown as a deleted account's. */
function blankChanges(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(changes).map((key) => [key, key === 'name' ? DELETED_USER_NAME : key === 'skills' ? [] : key === 'username' ? null : '']),
  );
}

/**
 * Identity's own stream of the person keeps its events (the deletion closes it), each redacted: the
 * provider subject, email and username become ones no sign-in gives (the unique columns a rebuild
 * writes them to stay unique), every profile change is emptied, every card is 'Deleted user', every
 * choice of preferences is the defaults (what others' read models rebuild of it, a private profile
 * among them, says nothing of the person).
 */
function redactUserEvent(event: StoredEvent, person: ForgottenPerson): unknown {
  if (!event.streamId.startsWith('user-')) return redactPersonalData(event.data, person);
  const user = event as unknown as StoredEvent<UserEvent>;
  const data: Record<string, unknown> = { ...user.data };
  if (user.type === 'UserRegistered') {
    data.subject = `deleted:${person.userId}`;
    data.email = `${person.userId}@deleted.invalid`;
  }
  if (user.type === 'UserProfileUpdated') data.changes = blankChanges(user.data.changes);
  if (user.type === 'UserPreferencesChanged') data.preferences = DEFAULT_PREFERENCES;
  const redacted = (redactPersonalData(data, { ...person, email: null }) ?? data) as Record<string, unknown>;
  // A completed profile's username is a unique column the rebuild writes: one no one can choose.
  if (user.type === 'UserProfileCompleted') redacted.username = `deleted-${person.userId}`;
  // The placeholder email is kept: only the real one is removed from every string.
  return JSON.stringify(redacted) === JSON.stringify(user.data) ? undefined : redacted;
}

/** How identity forgets a person: their user stream redacted, their tokens' streams removed, their rows gone. */
export const identityForgetting: Forgetting<IdentityTables> = {
  known: (db, userId) => db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst(),
  ownStreams: async (db, userId) => {
    const tokens = await db.selectFrom('personal_tokens').select('id').where('user_id', '=', userId).execute();
    return tokens.map((t) => `token-${t.id}`);
  },
  redact: redactUserEvent,
  rows: async (db, { userId }) => {
    const tokens = db.selectFrom('personal_tokens').select('id').where('user_id', '=', userId);
    await db.deleteFrom('personal_token_uses').where('token_id', 'in', tokens).execute();
    await db.deleteFrom('personal_tokens').where('user_id', '=', userId).execute();
    await db.deleteFrom('stats_days').where('user_id', '=', userId).execute();
    await db.deleteFrom('stats_gigs').where('owner_id', '=', userId).execute();
    await db.deleteFrom('stats_event_people').where('user_id', '=', userId).execute();
    await db.deleteFrom('review_ratings').where('seller_id', '=', userId).execute();
    await deleteExportsOf(db, userId);
  },
};

/**
 * `DELETE /api/me`: in one transaction identity forgets the person and closes their stream with
 * `UserDeleted` (which the relay publishes for every other service to forget them); then the bus's
 * copies of what identity had published about them are purged and every session of theirs ends.
 */
export function registerAccountDeletion(ctx: ServiceContext<IdentityTables>, deps: { users: Users; sessions: Sessions }) {
  const { app, verifier } = ctx;
  const store = ctx.aggregate(userAggregate);
  registerRoute(app, verifier, identityRoutes.deleteAccount, async ({ body, caller, request }) => {
    const row = await deps.users.byId(caller.sub);
    if (!row) throw UserNotFound();
    // A person who never chose a username confirms with their email, the one other name they know.
    const expected = (row.username ?? row.email).toLowerCase();
    if (body.confirm.trim().toLowerCase() !== expected)
      throw ValidationFailed(CONFIRM_MESSAGE, [{ field: 'confirm', message: CONFIRM_MESSAGE }]);
    const metadata = ctx.metadataFor(request, caller.sub);
    const forgotten = await ctx.db.transaction().execute(async (trx) => {
      const ids = await forgetPerson<IdentityTables>(trx, ctx.name, row.id, identityForgetting);
      await store.handleIn(trx, row.id, { type: 'Delete' }, metadata);
      return ids;
    });
    ctx.publishNow();
    const purged = (await ctx.bus.forget?.(serviceStream(ctx.name).stream, forgotten)) ?? 0;
    await deps.sessions.endAll(row.id);
    ctx.log.info({ userId: row.id, events: forgotten.length, purged }, 'account deleted');
    return { success: true as const, message: 'Your account has been deleted' };
  });
}
