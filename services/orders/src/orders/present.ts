import type { Order, OrderAction, OrderParty, OrderSummary, Review } from '@commonwork/contracts';
import type { OrderRow, OrderStepRow } from '../tables.ts';
import { autoCompletesAt } from './decide.ts';

/** The reader's side of an order. */
export type ReaderRole = Order['role'];

/**
 * What the reader may do now: the page offers exactly these, and each is a step the decider
 * takes from this state (the 409s are for stale pages and other tabs).
 */
export function actionsFor(row: OrderRow, role: ReaderRole, review: Review | null): OrderAction[] {
  const open = row.cancellation;
  const cancellation = (side: 'buyer' | 'seller'): OrderAction[] => {
    if (!open) return ['cancel'];
    if (open.requestedBy === side) return ['withdrawCancel'];
    return open.disputed ? [] : ['agreeCancel', 'refuseCancel'];
  };
  if (role === 'admin') return row.status === 'in_progress' && open?.disputed ? ['settleCancel', 'resumeOrder'] : [];
  switch (row.status) {
    case 'pending':
      return role === 'seller' ? ['accept', 'decline', 'cancel'] : ['cancel'];
    case 'in_progress':
      return role === 'seller' && !open?.disputed ? ['deliver', ...cancellation('seller')] : cancellation(role);
    case 'delivered':
      return role === 'buyer' ? ['complete', ...(row.revisions_used < row.revisions_allowed ? (['revision'] as const) : [])] : [];
    case 'completed':
      if (role === 'buyer') return review ? [] : ['review'];
      return review && !review.reply ? ['reply'] : [];
    default:
      return [];
  }
}

/** A person as an order shows them; someone not yet known here shows as 'Member'. */
export const partyOf = (people: ReadonlyMap<string, { name: string; picture: string }>, id: string): OrderParty => ({
  _id: id,
  name: people.get(id)?.name ?? 'Member',
  picture: people.get(id)?.picture ?? '',
});

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

export function presentOrderSummary(
  row: OrderRow,
  role: ReaderRole,
  people: ReadonlyMap<string, { name: string; picture: string }>,
  review: Review | null,
): OrderSummary {
  return {
    _id: row.id,
    id: row.id,
    gig: { _id: row.gig_id, title: row.gig_title },
    buyer: partyOf(people, row.buyer_id),
    seller: partyOf(people, row.seller_id),
    role,
    price: row.price,
    deliveryTime: row.delivery_time,
    revisionsAllowed: row.revisions_allowed,
    revisionsUsed: row.revisions_used,
    status: row.status,
    late: row.late,
    dueAt: iso(row.due_at),
    autoCompletesAt: row.status === 'delivered' && row.delivered_at ? autoCompletesAt(row.delivered_at).toISOString() : null,
    cancellation: row.cancellation,
    review,
    actions: actionsFor(row, role, review),
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function presentOrder(
  row: OrderRow,
  steps: readonly OrderStepRow[],
  role: ReaderRole,
  people: ReadonlyMap<string, { name: string; picture: string }>,
  review: Review | null,
): Order {
  return {
    ...presentOrderSummary(row, role, people, review),
    requirements: row.requirements,
    attachments: row.attachments,
    steps: steps.map((s) => ({ type: s.type, by: s.by, at: new Date(s.at).toISOString(), text: s.text, attachments: s.attachments })),
  };
}
