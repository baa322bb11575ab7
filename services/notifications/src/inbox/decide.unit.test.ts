import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { inboxDecider, NotificationNotFound } from './decide.ts';
import type { InboxEvent, NotificationContent } from './inbox.ts';

const ada = '11111111-2222-4333-8444-555555555555';
const first = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const second = '22222222-3333-4444-8555-666666666666';
const content: NotificationContent = { type: 'message', title: 'New message from Bo', message: 'hi', sender: null, data: {} };
const created = (id: string, key: string | null, unreadCount: number): InboxEvent => ({
  type: 'NotificationCreated',
  data: { userId: ada, notificationId: id, key, content, unreadCount, live: true },
});
const spec = deciderSpec(inboxDecider);

describe('inbox decider', () => {
  it('makes a notification once, whatever redelivers its source', () => {
    spec
      .given()
      .when({ type: 'Notify', userId: ada, notificationId: first, key: null, content, live: true })
      .then(created(first, null, 1));
    spec
      .given(created(first, null, 1))
      .when({ type: 'Notify', userId: ada, notificationId: first, key: null, content, live: true })
      .thenNothing();
  });

  it("refreshes a key's unread notification instead of adding one, and adds one once it is read", () => {
    const again = {
      type: 'Notify' as const,
      userId: ada,
      notificationId: second,
      key: 'chat:1',
      content: { ...content, message: 'again' },
      live: true,
    };
    spec
      .given(created(first, 'chat:1', 1))
      .when(again)
      .then({
        type: 'NotificationRefreshed',
        data: { userId: ada, notificationId: first, content: again.content, unreadCount: 1, live: true },
      });
    spec
      .given(created(first, 'chat:1', 1), { type: 'NotificationsRead', data: { userId: ada, notificationIds: [first], unreadCount: 0 } })
      .when(again)
      .then({
        type: 'NotificationCreated',
        data: { userId: ada, notificationId: second, key: 'chat:1', content: again.content, unreadCount: 1, live: true },
      });
  });

  it('reads all that are unread, and nothing twice; refuses what is not in this inbox', () => {
    spec
      .given(created(first, null, 1), created(second, null, 2))
      .when({ type: 'MarkRead', notificationId: first })
      .then({ type: 'NotificationsRead', data: { userId: ada, notificationIds: [first], unreadCount: 1 } });
    spec
      .given(created(first, null, 1), created(second, null, 2))
      .when({ type: 'MarkAllRead' })
      .then({ type: 'NotificationsRead', data: { userId: ada, notificationIds: [first, second], unreadCount: 0 } });
    spec
      .given(created(first, null, 1), { type: 'NotificationsRead', data: { userId: ada, notificationIds: [first], unreadCount: 0 } })
      .when({ type: 'MarkRead', notificationId: first })
      .thenNothing();
    spec.given().when({ type: 'MarkRead', notificationId: first }).thenThrows(NotificationNotFound);
    spec.given().when({ type: 'Delete', notificationId: first }).thenThrows(NotificationNotFound);
    spec
      .given(created(first, null, 1), created(second, null, 2))
      .when({ type: 'Delete', notificationId: first })
      .then({ type: 'NotificationDeleted', data: { userId: ada, notificationId: first, unreadCount: 1 } });
  });

  it("reads a key's unread notification, and nothing when it has none", () => {
    spec
      .given(created(first, 'chat:1', 1), created(second, null, 2))
      .when({ type: 'MarkKeyRead', key: 'chat:1' })
      .then({ type: 'NotificationsRead', data: { userId: ada, notificationIds: [first], unreadCount: 1 } });
    spec
      .given(created(second, null, 1))
      .when({ type: 'MarkKeyRead', key: 'chat:1' })
      .thenNothing();
  });
});
