import { EventInput } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { emptyEventForm, placeFieldsOf, toEventBody } from './eventForm.ts';
import { saveFailureText } from './messages.ts';

const filled = {
  ...emptyEventForm('Europe/Paris'),
  title: '  Hack night ',
  description: 'Build things',
  category: 'hackathon',
  date: '2030-01-10',
  time: '18:00',
  location: { type: 'offline', venue: 'Hub', address: '1 Rue', city: 'Paris', country: 'France', meetingLink: '' },
  price: '12.50',
  maxAttendees: '40',
  requirements: [{ text: 'Laptop' }],
};

describe('the event request body', () => {
  it('parses numbers, leaves out empty end date and RSVP deadline, and carries the status', () => {
    const body = toEventBody(filled, 'published');
    expect(body).toMatchObject({
      title: 'Hack night',
      price: 12.5,
      maxAttendees: 40,
      requirements: ['Laptop'],
      timeZone: 'Europe/Paris',
      status: 'published',
    });
    expect(body).not.toHaveProperty('endDate');
    expect(body).not.toHaveProperty('rsvpDeadline');
    expect(EventInput.safeParse(body).success).toBe(true);
  });

  it('sends no limit for an empty max attendees', () => {
    expect(toEventBody({ ...filled, maxAttendees: '' }, 'published').maxAttendees).toBeNull();
  });

  it('is refused by the shared rules with their words when required fields are missing', () => {
    const result = EventInput.safeParse(toEventBody(emptyEventForm('UTC'), 'published'));
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Description is required',
        'Category is required',
        'Start date is required',
        'Start time is required',
        'Location type is required',
      ]),
    );
  });
});

describe('the form by location type', () => {
  it('shows venue fields in person or hybrid, the meeting link online or hybrid', () => {
    expect(placeFieldsOf('offline')).toEqual({ venue: true, link: false });
    expect(placeFieldsOf('online')).toEqual({ venue: false, link: true });
    expect(placeFieldsOf('hybrid')).toEqual({ venue: true, link: true });
  });
});

describe('a save failure', () => {
  it('appends the server details as the spec client did', () => {
    expect(
      saveFailureText('Meeting link is required for online events', [
        { field: 'location.meetingLink', message: 'Meeting link is required for online events' },
      ]),
    ).toBe('Meeting link is required for online events. Details: location.meetingLink: Meeting link is required for online events');
    expect(saveFailureText('', [])).toBe('Error saving event');
  });
});
