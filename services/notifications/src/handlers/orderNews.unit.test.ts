import { ORDER_STEP_TYPES, type OrderCard } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { orderNews, orderRecipients, reviewNews } from './orderNews.ts';

const buyerId = '00000000-0000-4000-8000-000000000001';
const sellerId = '00000000-0000-4000-8000-000000000002';
const card = (by: OrderCard['by']): OrderCard => ({
  orderId: '00000000-0000-4000-8000-000000000003',
  gigId: '00000000-0000-4000-8000-000000000004',
  gigTitle: 'Logo design',
  buyerId,
  sellerId,
  price: 250,
  deliveryTime: '7',
  status: 'in_progress',
  late: false,
  dueAt: null,
  by,
});
const ada = { name: 'Ada' };

describe("an order's news", () => {
  it('names who took each step, with their reason', () => {
    const by = (step: (typeof ORDER_STEP_TYPES)[number], side: OrderCard['by'], reason = '') =>
      orderNews({ step, card: card(side), reason, actor: side === 'system' ? null : ada }).message;
    expect(ORDER_STEP_TYPES.map((step) => by(step, step === 'late' ? 'system' : 'seller', 'Too busy'))).toEqual([
      'Ada ordered "Logo design".',
      'Ada accepted the order "Logo design".',
      'Ada declined the order "Logo design": Too busy',
      'Ada delivered the order "Logo design".',
      'Ada asked for a revision of "Logo design": Too busy',
      'Ada completed the order "Logo design".',
      'Ada asked to cancel the order "Logo design": Too busy',
      'Ada refused to cancel the order "Logo design". An admin will settle it.',
      'Ada withdrew the request to cancel the order "Logo design".',
      'Ada cancelled the order "Logo design": Too busy',
      'The order "Logo design" passed its due date without a delivery.',
    ]);
    expect(by('cancelled', 'buyer')).toBe('Ada cancelled the order "Logo design".');
  });

  it('says what the clock and an admin did without naming anyone', () => {
    const news = (step: 'completed' | 'cancelled' | 'cancellation_withdrawn', side: OrderCard['by']) =>
      orderNews({ step, card: card(side), reason: 'Settled', actor: side === 'admin' ? ada : null });
    expect(news('completed', 'system')).toEqual({
      words: 'orderCompletedAutomatically',
      title: 'Order completed: Logo design',
      message: 'The order "Logo design" was completed automatically, 3 days after its delivery.',
    });
    expect(news('cancelled', 'admin').message).toBe('An admin cancelled the order "Logo design".');
    expect(news('cancellation_withdrawn', 'admin').message).toBe('An admin resumed the order "Logo design": it goes on.');
  });

  it('goes to the other side of who took the step, and to both of what no side did', () => {
    expect(orderRecipients(card('buyer'))).toEqual([sellerId]);
    expect(orderRecipients(card('seller'))).toEqual([buyerId]);
    expect(orderRecipients(card('system'))).toEqual([buyerId, sellerId]);
    expect(orderRecipients(card('admin'))).toEqual([buyerId, sellerId]);
  });

  it("tells a review's stars", () => {
    expect(reviewNews('Logo design', 'Ben', 4)).toEqual({
      words: 'orderReviewed',
      title: 'New review: Logo design',
      message: 'Ben rated "Logo design" 4 out of 5.',
    });
  });
});
