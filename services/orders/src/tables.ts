import type { Kysely } from 'kysely';

/** The orders service's tables (its projections and read models of other services). */
export type OrdersTables = Record<never, never>;

export type OrdersDb = Kysely<OrdersTables>;
