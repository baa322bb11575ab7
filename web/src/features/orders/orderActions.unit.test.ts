import { describe, expect, it } from 'vitest';
import { isAboutOrder } from './aboutOrder.ts';
import { formOf, STEP_ACTIONS, stepActionsOf, stepRequest, textLimitOf } from './orderActions.ts';
import { filterOf, listSearch, readListParams } from './orderListParams.ts';

const none = { text: '', attachments: [] };

describe('the steps an order page offers', () => {
  it('are the server’s, in the page’s order, without the review’s', () => {
    expect(stepActionsOf(['cancel', 'revision', 'review', 'complete'])).toEqual(['complete', 'revision', 'cancel']);
    expect(stepActionsOf(['reply'])).toEqual([]);
  });

  it('ask nothing, a yes, a reason or a delivery', () => {
    expect(Object.fromEntries(STEP_ACTIONS.map((action) => [action, formOf(action)]))).toEqual({
      accept: 'now',
      deliver: 'delivery',
      complete: 'confirm',
      revision: 'reason',
      agreeCancel: 'confirm',
      refuseCancel: 'now',
      withdrawCancel: 'now',
      settleCancel: 'confirm',
      resumeOrder: 'now',
      decline: 'reason',
      cancel: 'reason',
    });
    expect(textLimitOf('deliver')).toBe(5_000);
    expect(textLimitOf('decline')).toBe(500);
  });

  it('call the route the contracts name, with the body it takes', () => {
    const files = [{ type: 'other' as const, url: '/api/media/files/a.pdf', name: 'a.pdf' }];
    expect(stepRequest('accept', none)).toEqual({ route: 'accept', body: {} });
    expect(stepRequest('decline', { text: 'Too busy', attachments: [] })).toEqual({ route: 'decline', body: { reason: 'Too busy' } });
    expect(stepRequest('deliver', { text: 'Here it is', attachments: files })).toEqual({
      route: 'deliver',
      body: { message: 'Here it is', attachments: files },
    });
    expect(stepRequest('cancel', { text: 'Plans changed', attachments: [] })).toEqual({
      route: 'cancel',
      body: { reason: 'Plans changed' },
    });
    expect(stepRequest('agreeCancel', none)).toEqual({ route: 'cancel', body: { reason: '', response: 'agree' } });
    expect(stepRequest('refuseCancel', none)).toEqual({ route: 'cancel', body: { reason: '', response: 'refuse' } });
    expect(stepRequest('withdrawCancel', none)).toEqual({ route: 'cancel', body: { reason: '', response: 'withdraw' } });
    expect(stepRequest('settleCancel', none).body).toEqual({ reason: '', response: 'agree' });
    expect(stepRequest('resumeOrder', none).body).toEqual({ reason: '', response: 'refuse' });
  });
});

describe('the list’s address', () => {
  it('reads the tab, the status and the page, falling back on the defaults', () => {
    expect(readListParams(new URLSearchParams('role=seller&status=active&page=3'))).toEqual({ role: 'seller', status: 'active', page: 3 });
    expect(readListParams(new URLSearchParams('role=admin&status=lost&page=-2'))).toEqual({ role: 'buyer', status: undefined, page: 1 });
    expect(filterOf('delivered')).toBe('delivered');
    expect(filterOf('')).toBeUndefined();
  });

  it('writes only what differs from the defaults', () => {
    expect(listSearch({ role: 'buyer', status: undefined, page: 1 }).toString()).toBe('');
    expect(listSearch({ role: 'seller', status: 'completed', page: 2 }).toString()).toBe('role=seller&status=completed&page=2');
  });
});

describe('a notification', () => {
  it('is about an order when its data names it', () => {
    expect(isAboutOrder({ data: { orderId: '5b3c2a1e-0000-4000-8000-000000000001' } }, '5b3c2a1e-0000-4000-8000-000000000001')).toBe(true);
    expect(isAboutOrder({ data: { gigId: '5b3c2a1e-0000-4000-8000-000000000001' } }, '5b3c2a1e-0000-4000-8000-000000000001')).toBe(false);
  });
});
