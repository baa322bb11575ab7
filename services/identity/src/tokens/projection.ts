import type { StoredEvent } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { IdentityTables } from '../tables.ts';
import type { TokenEvent } from './token.ts';

/** Applies token events to `personal_tokens`: a revoked token's row is deleted (it is gone from lists and refused). */
export async function projectTokenEvents(trx: Kysely<IdentityTables>, events: StoredEvent<TokenEvent>[]) {
  for (const e of events) {
    switch (e.type) {
      case 'PersonalTokenCreated': {
        const d = e.data;
        await trx
          .insertInto('personal_tokens')
          .values({
            id: d.tokenId,
            user_id: d.userId,
            name: d.name,
            scopes: JSON.stringify(d.scopes),
            hint: d.hint,
            secret_hash: d.secretHash,
            created_at: e.occurredAt,
            expires_at: d.expiresAt ? new Date(d.expiresAt) : null,
          })
          .execute();
        break;
      }
      case 'PersonalTokenRevoked':
        await trx.deleteFrom('personal_tokens').where('id', '=', e.data.tokenId).execute();
        await trx.deleteFrom('personal_token_uses').where('token_id', '=', e.data.tokenId).execute();
        break;
      default: {
        const never: never = e;
        return never;
      }
    }
  }
}
