import type { ServiceSubscription } from '@commonwork/kit';
import type { OrdersTables } from '../tables.ts';

/** Every subscription the orders service has, by durable consumer. */
export const subscriptions: readonly ServiceSubscription<OrdersTables>[] = [];
