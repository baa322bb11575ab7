import { keepProfileVisibility, type ServiceSubscription } from '@commonwork/kit';
import type { EventsTables } from '../tables.ts';
import { onEventChannelOpened } from './onEventChannelOpened.ts';
import { onPersonChanged } from './onPersonChanged.ts';

/** Every subscription the events service has, by durable consumer. */
export const subscriptions: readonly ServiceSubscription<EventsTables>[] = [
  { durable: 'events-people', stream: 'IDENTITY', filterSubject: 'identity.user.>', handlers: [onPersonChanged] },
  { durable: 'events-channels', stream: 'MESSAGING', filterSubject: 'messaging.channel.created', handlers: [onEventChannelOpened] },
  // A durable of its own, so on a running platform it reads every preference identity has published.
  {
    durable: 'events-privacy',
    stream: 'IDENTITY',
    filterSubject: 'identity.user.preferences_updated',
    handlers: [keepProfileVisibility<EventsTables>()],
  },
];
