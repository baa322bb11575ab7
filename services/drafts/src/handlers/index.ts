import type { ServiceSubscription } from '@commonwork/kit';
import type { DraftsTables } from '../tables.ts';
import { onPublishedFromDraft } from './onPublishedFromDraft.ts';

/** Every subscription the drafts service has, by durable consumer: publications that came from a draft. */
export const subscriptions: readonly ServiceSubscription<DraftsTables>[] = [
  { durable: 'drafts-gigs', stream: 'MARKETPLACE', filterSubject: 'marketplace.gig.published', handlers: [onPublishedFromDraft] },
  { durable: 'drafts-events', stream: 'EVENTS', filterSubject: 'events.event.published', handlers: [onPublishedFromDraft] },
];
