import type { Notification } from '@commonwork/contracts';

/** Whether a notification is about the order `orderId`: its data names the order. */
export function isAboutOrder(notification: Pick<Notification, 'data'>, orderId: string): boolean {
  const { data } = notification;
  return 'orderId' in data && data.orderId === orderId;
}
