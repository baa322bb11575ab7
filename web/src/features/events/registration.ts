import type { TechEvent } from '@commonwork/contracts';
import { EVENT_TEXT } from './messages.ts';

export type RegistrationState = { kind: 'action' } | { kind: 'login' } | { kind: 'notice'; text: string };

/**
 * What the registration panel offers (spec 001 §4): the button only for a published event that is
 * not full or ended, to someone signed in who is not its organiser; a registered person may cancel
 * until the event ends, even when it is full. Otherwise the reason, in the spec's words.
 */
export function registrationState(
  event: Pick<TechEvent, 'isRegistered' | 'isFull' | 'hasEnded' | 'status' | 'registrationOpen'>,
  viewer: { signedIn: boolean; owned: boolean },
): RegistrationState {
  if (viewer.owned) return { kind: 'notice', text: EVENT_TEXT.organizer };
  if (event.hasEnded) return { kind: 'notice', text: EVENT_TEXT.ended };
  if (event.isRegistered) return { kind: 'action' };
  if (event.isFull) return { kind: 'notice', text: EVENT_TEXT.full };
  if (!viewer.signedIn) return { kind: 'login' };
  if (event.status !== 'published') return { kind: 'notice', text: 'This event is not open for registration yet' };
  if (!event.registrationOpen) return { kind: 'notice', text: EVENT_TEXT.rsvpClosed };
  return { kind: 'action' };
}
