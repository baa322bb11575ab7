import { batchTime, projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { inboxAggregate } from '../src/inbox/aggregate.ts';
import type { InboxEvent, NotificationContent } from '../src/inbox/inbox.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(100);
const grace = specId(101);
const sender = { userId: grace, name: 'Grace Hopper', picture: 'https://example.com/grace.png' };
const content = (title: string): NotificationContent => ({
  type: 'message',
  title,
  message: `${title}: see you at six`,
  sender,
  data: { chatId: specId(200) },
});
const created = (n: number, title: string, happenedAt?: string): InboxEvent => ({
  type: 'NotificationCreated',
  data: { userId: ada, notificationId: specId(n), key: null, content: content(title), unreadCount: 1, ...(happenedAt && { happenedAt }) },
});
const refreshed = (n: number, title: string, happenedAt?: string): InboxEvent => ({
  type: 'NotificationRefreshed',
  data: { userId: ada, notificationId: specId(n), content: content(title), unreadCount: 1, ...(happenedAt && { happenedAt }) },
});
const read = (...ns: number[]): InboxEvent => ({
  type: 'NotificationsRead',
  data: { userId: ada, notificationIds: ns.map(specId), unreadCount: 0 },
});
const deleted = (n: number): InboxEvent => ({
  type: 'NotificationDeleted',
  data: { userId: ada, notificationId: specId(n), unreadCount: 0 },
});

describe('the inbox projection', () => {
  const spec = projectionSpec({ schema: 'notifications', migrations, aggregate: inboxAggregate, idOf: (e) => e.data.userId });

  it('writes a new notification unread, with its content and sender, dated when it was stored', () =>
    spec.given(created(1, 'New message')).thenRows('notifications', [
      {
        id: specId(1),
        user_id: ada,
        type: 'message',
        title: 'New message',
        message: 'New message: see you at six',
        read: false,
        sender,
        data: { chatId: specId(200) },
        created_at: SPEC_START,
        updated_at: SPEC_START,
      },
    ]));

  it('dates a notification made late by when what it tells of happened, and its write by when it was made', () => {
    const happened = '2025-12-31T08:00:00.000Z';
    return spec
      .given(created(1, 'Late', happened))
      .thenRows('notifications', [{ id: specId(1), created_at: new Date(happened), updated_at: SPEC_START }]);
  });

  it('refreshes a notification with newer content, newest first again (created_at moves), still unread', () =>
    spec
      .given(created(1, 'One message'))
      .given(refreshed(1, 'Two messages'))
      .thenRows('notifications', [
        { id: specId(1), title: 'Two messages', read: false, created_at: batchTime(1), updated_at: batchTime(1) },
      ]));

  it('marks the notifications read that the event names, and only those', () =>
    spec
      .given(created(1, 'First'), created(2, 'Second'), created(3, 'Third'))
      .given(read(1, 3))
      .thenRows('notifications', [
        { id: specId(1), read: true, created_at: SPEC_START, updated_at: batchTime(1) },
        { id: specId(2), read: false, updated_at: SPEC_START },
        { id: specId(3), read: true, updated_at: batchTime(1) },
      ]));

  it('removes a deleted notification and keeps the others', () =>
    spec
      .given(created(1, 'Kept'), created(2, 'Gone'))
      .given(deleted(2))
      .thenRows('notifications', [{ id: specId(1), title: 'Kept' }]));

  it('applies an inbox’s events projected together (a rebuild) as it applies them one transaction at a time', () =>
    spec
      .given(created(1, 'One'), created(2, 'Two'), refreshed(1, 'One, again'), read(2), deleted(2))
      .thenRows('notifications', [{ id: specId(1), title: 'One, again', read: false }]));
});
