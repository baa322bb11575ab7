import type { TechEvent } from '@commonwork/contracts';
import { t } from './locales/index.ts';

export type RegistrationState = { kind: 'action' } | { kind: 'login' } | { kind: 'notice'; text: string };

/**
 * What the registration panel offers (spec 001 §4): the button only for a published event that is
 * not full or ended, to someone signed in who is not its organiser; a registered person may cancel
 * until the event ends, even when it is full. Otherwise the reason, in the spec's words (in the language shown).
 */
export function registrationState(
  event: Pick<TechEvent, 'isRegistered' | 'isFull' | 'hasEnded' | 'status' | 'registrationOpen'>,
  viewer: { signedIn: boolean; owned: boolean },
): RegistrationState {
  if (viewer.owned) return { kind: 'notice', text: t('events.organizer') };
  if (event.hasEnded) return { kind: 'notice', text: t('events.ended') };
  if (event.isRegistered) return { kind: 'action' };
  if (event.isFull) return { kind: 'notice', text: t('events.full') };
  if (!viewer.signedIn) return { kind: 'login' };
  if (event.status !== 'published') return { kind: 'notice', text: t('events.notOpen') };
  if (!event.registrationOpen) return { kind: 'notice', text: t('events.rsvpClosed') };
  return { kind: 'action' };
}
