import type { StoredEvent } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';
import type { IncomingHookEvent } from './hook.ts';

/** Writes the hooks' rows: the live path and the rebuild both use it. */
export async function projectIncomingHookEvents(trx: MessagingDb, events: StoredEvent<IncomingHookEvent>[]) {
  for (const event of events) {
    switch (event.type) {
      case 'IncomingHookCreated': {
        const { hookId, channelId, name, tokenHash, tokenHint, createdBy } = event.data;
        await trx
          .insertInto('incoming_hooks')
          .values({
            id: hookId,
            channel_id: channelId,
            name,
            token_hash: tokenHash,
            token_hint: tokenHint,
            created_by: createdBy,
            created_at: event.occurredAt,
            revoked_at: null,
          })
          .execute();
        break;
      }
      case 'IncomingHookRevoked':
        await trx.updateTable('incoming_hooks').set({ revoked_at: event.occurredAt }).where('id', '=', event.data.hookId).execute();
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}
