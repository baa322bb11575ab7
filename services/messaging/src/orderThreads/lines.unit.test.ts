import { ORDER_STEP_TYPES } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { orderLine } from './lines.ts';

const gig = { gigTitle: 'Logo design' };

describe("an order's lines in its conversation", () => {
  it('name who took each step, with what they wrote', () => {
    expect(ORDER_STEP_TYPES.map((step) => orderLine(step, { ...gig, by: 'seller' }, 'Ada', 'Too busy'))).toEqual([
      'Ada ordered "Logo design".',
      'Ada accepted the order.',
      'Ada declined the order: Too busy',
      'Ada delivered the order: Too busy',
      'Ada asked for a revision: Too busy',
      'Ada completed the order.',
      'Ada asked to cancel the order: Too busy',
      'Ada refused to cancel the order. An admin will settle it.',
      'Ada withdrew the request to cancel.',
      'Ada cancelled the order: Too busy',
      'The order is late: its due date passed without a delivery.',
    ]);
    expect(orderLine('delivered', { ...gig, by: 'seller' }, 'Ada', '')).toBe('Ada delivered the order.');
  });

  it('say what the clock and an admin did without naming anyone', () => {
    expect(orderLine('completed', { ...gig, by: 'system' }, null, '')).toBe('The order was completed automatically.');
    expect(orderLine('cancelled', { ...gig, by: 'admin' }, null, 'Settled')).toBe('An admin cancelled the order.');
    expect(orderLine('cancellation_withdrawn', { ...gig, by: 'admin' }, null, '')).toBe('An admin resumed the order.');
  });
});
