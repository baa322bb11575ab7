import type { Notification as NotificationItem } from '@commonwork/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activate, loadLocale } from '../../shared/i18n/i18n.ts';
import { ALERT_CLOSE_MS, showGigInterestAlert } from './browserAlert.ts';

const shown: { title: string; options: NotificationOptions | undefined; closed: boolean }[] = [];
/** The browser's Notification, recording what would have popped up. */
function fakeNotifications(permission: NotificationPermission) {
  class FakeNotification {
    static permission = permission;
    private entry: (typeof shown)[number];
    constructor(title: string, options?: NotificationOptions) {
      this.entry = { title, options, closed: false };
      shown.push(this.entry);
    }
    close() {
      this.entry.closed = true;
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
}

const interest = (overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  _id: '5b0a1c5e-7f59-4a4b-9a55-0e4a3f1d2c11',
  id: '5b0a1c5e-7f59-4a4b-9a55-0e4a3f1d2c11',
  type: 'gig_interest',
  title: 'New Interest in Your Gig!',
  message: 'Bea is interested in your gig "Logo"',
  read: false,
  sender: null,
  data: {},
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

describe('the gig-interest browser alert', () => {
  afterEach(() => {
    shown.length = 0;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the spec title with the message, and closes itself after 5 seconds', async () => {
    vi.useFakeTimers();
    fakeNotifications('granted');
    await showGigInterestAlert(interest());
    expect(shown).toEqual([
      { title: 'New Interest in Your Gig!', options: { body: 'Bea is interested in your gig "Logo"', tag: interest().id }, closed: false },
    ]);
    vi.advanceTimersByTime(ALERT_CLOSE_MS - 1);
    expect(shown[0]?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown[0]?.closed).toBe(true);
  });

  it('speaks German: the title and the sentence the server wrote, not a note the sender wrote', async () => {
    await loadLocale('de');
    activate('de');
    fakeNotifications('granted');
    const sender = { _id: interest().id, name: 'Bea', picture: '' };
    await showGigInterestAlert(interest({ sender, data: { gigTitle: 'Logo', words: 'gigInterest' } }));
    await showGigInterestAlert(interest({ sender, message: 'Hi, free today?', data: { gigTitle: 'Logo', words: 'gigInterestNote' } }));
    activate('en');
    expect(shown.map((alert) => [alert.title, alert.options?.body])).toEqual([
      ['Neues Interesse an Ihrem Angebot!', 'Bea interessiert sich für Ihr Angebot „Logo“'],
      ['Neues Interesse an Ihrem Angebot!', 'Hi, free today?'],
    ]);
  });

  it('shows nothing without permission, for other kinds, or where browsers have no notifications', async () => {
    fakeNotifications('default');
    await showGigInterestAlert(interest());
    fakeNotifications('granted');
    await showGigInterestAlert(interest({ type: 'message' }));
    vi.stubGlobal('Notification', undefined);
    await showGigInterestAlert(interest());
    expect(shown).toEqual([]);
  });
});
