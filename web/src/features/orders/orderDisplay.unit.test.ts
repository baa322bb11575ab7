import { ApiError, ORDER_MESSAGES, ORDER_STATUSES } from '@commonwork/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale } from '../../shared/i18n/i18n.ts';
import { orderFailure } from './api.ts';
import english from './locales/en.json';
import { t } from './locales/index.ts';
import { autoCompleteText, dueText, durationText, isPastDue, revisionsLeft, statusLabel, stepSentence } from './orderDisplay.ts';

afterEach(() => activate('en'));

const now = new Date('2026-11-26T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const people = { buyer: { _id: 'b', name: 'Bea', picture: '' }, seller: { _id: 's', name: 'Ada', picture: '' } };

describe('the countdown', () => {
  it('says days and hours, else hours and minutes, else minutes, else less than a minute', () => {
    expect(durationText(at(2 * 1_440 + 4 * 60 + 12), now)).toBe('2 days 4 hours');
    expect(durationText(at(1_440), now)).toBe('1 day');
    expect(durationText(at(3 * 60 + 1), now)).toBe('3 hours 1 minute');
    expect(durationText(at(12), now)).toBe('12 minutes');
    expect(durationText(at(0), now)).toBe('less than a minute');
  });

  it('counts down to the due date, then says how late the order is', () => {
    expect(dueText(at(90), now)).toBe('Due in 1 hour 30 minutes');
    expect(isPastDue(at(90), now)).toBe(false);
    expect(dueText(at(-3 * 60), now)).toBe('Late by 3 hours');
    expect(isPastDue(at(-3 * 60), now)).toBe(true);
    expect(isPastDue(null, now)).toBe(false);
  });

  it('says when an unanswered delivery completes by itself', () => {
    expect(autoCompleteText(at(3 * 1_440), now)).toBe('Completes by itself in 3 days unless the buyer answers');
    expect(autoCompleteText(at(-1), now)).toBe('Completes by itself at any moment unless the buyer answers');
  });

  it('speaks the language shown, with date-fns’ words', async () => {
    await loadLocale('de');
    activate('de');
    expect(dueText(at(2 * 1_440 + 60), now)).toBe('Fällig in 2 Tage 1 Stunde');
  });
});

describe('the labels', () => {
  it('name every status', () => {
    expect(ORDER_STATUSES.map(statusLabel)).toEqual(['Pending', 'In progress', 'Delivered', 'Completed', 'Declined', 'Cancelled']);
  });

  it('say who took each step, an admin and the platform’s clock included', () => {
    expect(stepSentence({ type: 'delivered', by: 'seller' }, people)).toBe('Ada delivered the order');
    expect(stepSentence({ type: 'revision_requested', by: 'buyer' }, people)).toBe('Bea asked for a revision');
    expect(stepSentence({ type: 'cancelled', by: 'admin' }, people)).toBe('An admin cancelled the order');
    expect(stepSentence({ type: 'completed', by: 'system' }, people)).toBe(
      'Completed by itself: the delivery was left unanswered for 3 days',
    );
  });

  it('count the revisions left, never below none', () => {
    expect(revisionsLeft({ revisionsAllowed: 2, revisionsUsed: 1 })).toBe(1);
    expect(revisionsLeft({ revisionsAllowed: 0, revisionsUsed: 1 })).toBe(0);
  });
});

describe('the server’s sentences', () => {
  it('are in the catalog word for word, so they are translated when they come back in a 409', () => {
    const catalog: Record<string, string> = english;
    for (const [key, sentence] of Object.entries(ORDER_MESSAGES)) {
      const id = key === 'payment' ? 'orders.payment' : `orders.server.${key}`;
      if (id in catalog) expect(catalog[id], id).toBe(sentence);
    }
    expect(t('orders.payment')).toBe(ORDER_MESSAGES.payment);
  });
});

describe('a refused step', () => {
  it('says the server’s sentence in the language shown, and the fallback for anything else', async () => {
    const stale = new ApiError(ORDER_MESSAGES.notPending, 409, 'ORDER_NOT_PENDING');
    const broken = new ApiError('Internal Server Error', 500, 'INTERNAL');
    expect(orderFailure(stale, 'Could not update the order')).toBe(ORDER_MESSAGES.notPending);
    await loadLocale('fr');
    activate('fr');
    expect(orderFailure(stale, 'x')).toBe("Cette commande n'attend plus de réponse");
    expect(orderFailure(broken, t('orders.failed'))).toBe('Impossible de mettre à jour la commande');
  });
});
