import type { TechEvent } from '@commonwork/contracts';
import { tzlib_get_ical_block } from 'timezones-ical-library';

/** TEXT values escape backslashes, semicolons, commas and newlines (RFC 5545 §3.3.11). */
const escapeText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character (§3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** A local date-time in the event's zone: `yyyyMMddTHHmmss`. */
const local = (day: string, clock: string) => `${day.replace(/-/g, '')}T${clock.replace(':', '')}00`;
const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The event as an iCalendar object: a VTIMEZONE for its zone (from the IANA database), start and
 * end as local times in that zone, so a calendar shows it right across daylight-saving changes.
 */
export function calendarOf(event: TechEvent, options: { url: string; now: Date }): string {
  const [vtimezone] = tzlib_get_ical_block(event.timeZone) as [string, string];
  const where = [event.location.venue, event.location.address, event.location.city, event.location.country].filter(Boolean).join(', ');
  const lastDay = event.endDate ?? event.date;
  const end = event.endTime ? local(lastDay, event.endTime) : local(nextDay(lastDay), '00:00');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Commonwork//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...vtimezone.split(/\r?\n/),
    'BEGIN:VEVENT',
    `UID:${event.id}@commonwork`,
    `DTSTAMP:${utc(options.now.toISOString())}`,
    `DTSTART;TZID=${event.timeZone}:${local(event.date, event.time)}`,
    `DTEND;TZID=${event.timeZone}:${end}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(where ? [`LOCATION:${escapeText(where)}`] : event.location.type === 'online' ? ['LOCATION:Online'] : []),
    `URL:${options.url}`,
    `CATEGORIES:${escapeText(event.category)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
