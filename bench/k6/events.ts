import { check } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';
import { BASE_URL, json, signIn } from './common.ts';

// A hot event: many people register for one event with fewer seats than people, each once.
const SEATS = Number(__ENV.SEATS ?? 500);
export const options: Options = {
  scenarios: {
    register: { executor: 'per-vu-iterations', vus: Number(__ENV.VUS ?? 100), iterations: Number(__ENV.PER_VU ?? 6) },
  },
  thresholds: { 'checks{check:registered or full}': ['rate==1'] },
};

export function setup() {
  const organizer = signIn('Organizer');
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = http.post(
    `${BASE_URL}/api/events`,
    JSON.stringify({
      title: 'Load-tested meetup',
      description: 'A meetup many people want to attend at once, to see seats counted exactly.',
      category: 'meetup',
      date: day,
      time: '18:30',
      endTime: '21:00',
      timeZone: 'Europe/London',
      location: { type: 'online', meetingLink: 'https://meet.example.com/load' },
      price: 0,
      currency: 'USD',
      maxAttendees: SEATS,
      tags: ['load'],
      agenda: [],
      requirements: [],
      images: [],
      status: 'published',
    }),
    json(organizer.token),
  );
  if (created.status !== 201) throw new Error(`event not created (${created.status}): ${created.body}`);
  return { eventId: created.json('data.id') as string };
}

export default function ({ eventId }: { eventId: string }) {
  const person = signIn('Attendee');
  const answer = http.post(`${BASE_URL}/api/events/${eventId}/rsvp`, null, json(person.token));
  // A seat, or a clear refusal once they are gone: never an error.
  check(answer, { 'registered or full': (r) => r.status === 200 || r.status === 409 });
}
