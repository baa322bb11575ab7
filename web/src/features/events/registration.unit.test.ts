import { describe, expect, it } from 'vitest';
import { registrationState } from './registration.ts';

const open = { isRegistered: false, isFull: false, hasEnded: false, status: 'published' as const, registrationOpen: true };
const member = { signedIn: true, owned: false };

describe('the registration panel', () => {
  it('offers registration on an open event, and cancelling once registered, even when full', () => {
    expect(registrationState(open, member)).toEqual({ kind: 'action' });
    expect(registrationState({ ...open, isRegistered: true, isFull: true }, member)).toEqual({ kind: 'action' });
  });

  it('says why not, in the spec words', () => {
    expect(registrationState(open, { signedIn: true, owned: true })).toEqual({ kind: 'notice', text: 'You are the organizer' });
    expect(registrationState({ ...open, isFull: true }, member)).toEqual({ kind: 'notice', text: 'Event is Full' });
    expect(registrationState({ ...open, hasEnded: true }, member)).toEqual({ kind: 'notice', text: 'Event has ended' });
    expect(registrationState(open, { signedIn: false, owned: false })).toEqual({ kind: 'login' });
    expect(registrationState({ ...open, registrationOpen: false }, member)).toEqual({
      kind: 'notice',
      text: 'Registration for this event has closed',
    });
    expect(registrationState({ ...open, isRegistered: true, hasEnded: true }, member)).toEqual({ kind: 'notice', text: 'Event has ended' });
    expect(registrationState({ ...open, status: 'draft' }, member)).toMatchObject({ kind: 'notice' });
  });
});
