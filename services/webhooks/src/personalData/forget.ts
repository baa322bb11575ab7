import { type Forgetting, namesIn, redactPersonalData, streamsWhere } from '@commonwork/kit';
import { sql } from 'kysely';
import type { WebhooksTables } from '../tables.ts';

/**
 * How webhooks forgets a person: their webhooks go with their streams and delivery logs; the public
 * events (the feed) and the deliveries made to others' webhooks keep their place, their data
 * redacted as the stored events are ('Deleted user', their words removed).
 */
export const webhooksForgetting: Forgetting<WebhooksTables> = {
  // Webhooks keeps no people: their name is read from the public events that show them.
  known: async (db, userId) => {
    const events = await db.selectFrom('public_events').select('data').where(sql<boolean>`position(${userId} in data::text) > 0`).execute();
    return {
      name: namesIn(
        events.map((e) => e.data),
        userId,
      )[0],
    };
  },
  ownStreams: (db, userId) => streamsWhere(db, 'webhooks', 'WebhookCreated', 'ownerId', userId),
  rows: async (db, person) => {
    const { userId } = person;
    const theirs = db.selectFrom('webhooks').select('id').where('owner_id', '=', userId);
    await db.deleteFrom('webhook_deliveries').where('webhook_id', 'in', theirs).execute();
    await db.deleteFrom('webhooks').where('owner_id', '=', userId).execute();
    const events = await db
      .selectFrom('public_events')
      .select(['seq', 'data'])
      .where(sql<boolean>`position(${userId} in data::text) > 0`)
      .execute();
    for (const event of events) {
      const data = redactPersonalData(event.data, person);
      if (data !== undefined)
        await db
          .updateTable('public_events')
          .set({ data: JSON.stringify(data) })
          .where('seq', '=', event.seq)
          .execute();
    }
    const deliveries = await db
      .selectFrom('webhook_deliveries')
      .select(['id', 'body'])
      .where(sql<boolean>`position(${userId} in body::text) > 0`)
      .execute();
    for (const delivery of deliveries) {
      const body = redactPersonalData(delivery.body, person);
      if (body !== undefined)
        await db
          .updateTable('webhook_deliveries')
          .set({ body: JSON.stringify(body) })
          .where('id', '=', delivery.id)
          .execute();
    }
  },
};
