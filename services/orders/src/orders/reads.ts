import type { OrderRow, OrdersDb } from '../tables.ts';

/** The people an order shows, by id. */
export async function peopleOf(db: OrdersDb, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db.selectFrom('people').select(['user_id', 'name', 'picture']).where('user_id', 'in', unique).execute()
    : [];
  return new Map(rows.map((r) => [r.user_id, { name: r.name, picture: r.picture }]));
}

export const orderRow = (db: OrdersDb, id: string): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

export const stepsOf = (db: OrdersDb, id: string) =>
  db.selectFrom('order_steps').selectAll().where('order_id', '=', id).orderBy('version').execute();
