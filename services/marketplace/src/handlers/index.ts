import { onUserCardChanged } from './onUserCardChanged.ts';

/** Every subscription marketplace has, by durable consumer. */
export const subscriptions = [
  { durable: 'marketplace-freelancers', stream: 'IDENTITY', filterSubject: 'identity.user.>', handlers: [onUserCardChanged] },
] as const;
