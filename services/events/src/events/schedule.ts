import type { EventFields } from '@commonwork/contracts';
import { TZDate } from '@date-fns/tz';
import type { Schedule } from './techEvent.ts';

type When = Pick<EventFields, 'date' | 'time' | 'endDate' | 'endTime' | 'timeZone'>;

/** The instant a day and clock mean in a time zone. */
export function instantOf(day: string, clock: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = clock.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime());
}

/** The end of a day in a time zone: the first instant of the next. */
const endOfDay = (day: string, timeZone: string) => {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return instantOf(next.toISOString().slice(0, 10), '00:00', timeZone);
};

/**
 * Start and end instants. An event without an end time ends when its last day does; one with an
 * end time but no end date ends that time on its start day.
 */
export function scheduleOf(when: When): Schedule {
  const startsAt = instantOf(when.date, when.time, when.timeZone);
  const lastDay = when.endDate ?? when.date;
  const endsAt = when.endTime ? instantOf(lastDay, when.endTime, when.timeZone) : endOfDay(lastDay, when.timeZone);
  return { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
}

/** Registration closes at the end of the RSVP deadline's day, else when the event ends. */
export function registrationClosesAt(when: Pick<EventFields, 'rsvpDeadline' | 'timeZone'>, schedule: Schedule): string {
  if (!when.rsvpDeadline) return schedule.endsAt;
  const deadline = endOfDay(when.rsvpDeadline, when.timeZone).getTime();
  return new Date(Math.min(deadline, Date.parse(schedule.endsAt))).toISOString();
}
