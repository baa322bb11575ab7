import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale, translateEnglish } from '../../shared/i18n/i18n.ts';
import { eventDate } from './eventDate.ts';
import { categoryLabel, priceText, seatsText, whereText } from './eventDisplay.ts';
import { saveFailureText } from './messages.ts';
import { registrationState } from './registration.ts';

async function show(locale: 'en' | 'es' | 'fr' | 'de') {
  await loadLocale(locale);
  activate(locale);
}
afterEach(() => activate('en'));

const hybrid = { location: { type: 'hybrid' as const, city: 'Lisbon', venue: '', address: '', country: '', meetingLink: '' } };
const open = { isRegistered: false, isFull: false, hasEnded: false, status: 'published' as const, registrationOpen: true };

describe("an event's words and figures", () => {
  it("are the spec's English by default", () => {
    expect(eventDate({ date: '2030-05-10' })).toBe('May 10, 2030');
    expect(priceText({ price: 25, currency: 'USD' })).toBe('$25.00');
    expect(priceText({ price: 0, currency: 'USD' })).toBe('Free');
    expect(seatsText({ attendeeCount: 1, maxAttendees: null })).toBe('1 attendee');
    expect(seatsText({ attendeeCount: 3, maxAttendees: null })).toBe('3 attendees');
    expect(seatsText({ attendeeCount: 1, maxAttendees: 1 })).toBe('1 / 1 attendees');
    expect(categoryLabel('workshop')).toBe('Workshop');
    expect(whereText(hybrid)).toBe('Lisbon + Online');
    expect(saveFailureText('Bad', [{ field: 'title', message: 'Title is required' }])).toBe('Bad. Details: title: Title is required');
  });

  it('follow the language shown: dates, amounts and plurals in its form', async () => {
    await show('de');
    expect(eventDate({ date: '2030-05-10' })).toBe('10. Mai 2030');
    expect(priceText({ price: 25, currency: 'USD' })).toBe('25,00\u00a0$');
    expect(priceText({ price: 0, currency: 'EUR' })).toBe('Kostenlos');
    expect(seatsText({ attendeeCount: 1, maxAttendees: null })).toBe('1 Teilnehmer');
    expect(seatsText({ attendeeCount: 1200, maxAttendees: null })).toBe('1.200 Teilnehmende');
    expect(categoryLabel('other')).toBe('Sonstiges');
    expect(whereText(hybrid)).toBe('Lisbon + online');
    expect(registrationState({ ...open, isFull: true }, { signedIn: true, owned: false })).toEqual({
      kind: 'notice',
      text: 'Die Veranstaltung ist ausgebucht',
    });
    // The contracts' validation messages, as the form's fields and its failure toast show them.
    expect(translateEnglish('Title is required')).toBe('Der Titel ist erforderlich');
    expect(saveFailureText('', [{ field: 'title', message: 'Title is required' }])).toBe(
      'Fehler beim Speichern der Veranstaltung. Einzelheiten: title: Der Titel ist erforderlich',
    );
    await show('fr');
    expect(eventDate({ date: '2030-05-10' })).toBe('10 mai 2030');
  });
});
