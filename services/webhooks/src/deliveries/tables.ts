import type { ColumnType, Kysely } from 'kysely';
import type { WebhookDeliveriesTable, WebhooksTables } from '../tables.ts';

/** The dispatcher's columns (deliveriesMigration). */
export interface DispatchColumns {
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  round_start: ColumnType<number, number | undefined, number>;
}

/** The service's tables as the dispatcher and the delivery routes see them. */
export type DeliveryTables = Omit<WebhooksTables, 'webhook_deliveries'> & {
  webhook_deliveries: WebhookDeliveriesTable & DispatchColumns;
};
export type DeliveryDb = Kysely<DeliveryTables>;

/** The service's handle seen with the dispatcher's columns. */
export const withDispatchColumns = (db: Kysely<WebhooksTables>) => db as unknown as DeliveryDb;
