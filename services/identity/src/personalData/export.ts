import { type PersonalDataExport, rowsOf } from '@commonwork/kit';
import type { IdentityTables } from '../tables.ts';

/**
 * Identity's part of a person's export: their profile and preferences as stored, their daily
 * figures, and their personal access tokens as listed (never the secrets' hashes).
 */
export const exportIdentityPerson: PersonalDataExport<IdentityTables> = async (personId, db) => {
  const user = await rowsOf(db, 'users', 'id', personId)
    .select([
      'id',
      'email',
      'name',
      'username',
      'bio',
      'phone',
      'title',
      'picture',
      'skills',
      'links',
      'preferences',
      'role',
      'plan',
      'rating',
      'review_count as reviewCount',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ])
    .executeTakeFirst();
  const statistics = await rowsOf(db, 'stats_days', 'user_id', personId)
    .select(['day', 'active_gigs as activeGigs', 'events', 'messages'])
    .orderBy('day')
    .execute();
  const personalAccessTokens = await db
    .selectFrom('personal_tokens as t')
    .leftJoin('personal_token_uses as used', 'used.token_id', 't.id')
    .select([
      't.id',
      't.name',
      't.scopes',
      't.hint',
      't.created_at as createdAt',
      't.expires_at as expiresAt',
      'used.last_used_at as lastUsedAt',
    ])
    .where('t.user_id', '=', personId)
    .orderBy('t.created_at')
    .execute();
  return { profile: user ?? null, statistics, personalAccessTokens };
};
