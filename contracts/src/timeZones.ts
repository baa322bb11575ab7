// The one list of time zones (issue 27: Settings offered 4, the event form hundreds), without zod:
// the forms show it, and the servers validate a zone with the same check.

/** Spec 002 §9's time zones, first in every list. */
export const SPEC_TIME_ZONES = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/London'] as const;

/** An IANA name (`Area/Location`, or `UTC`), not an offset such as `+01:00`, which newer runtimes also take. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * Whether `zone` is an IANA time zone this runtime knows: canonical names and the aliases
 * (`Asia/Calcutta`) that a browser with another time-zone database may list.
 */
export function isTimeZone(zone: string): boolean {
  if (!IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let known: readonly string[] | undefined;

/** Every IANA zone the runtime knows (Intl.supportedValuesOf), the spec's four first, each once. */
export function timeZoneList(): readonly string[] {
  known ??= [...new Set<string>([...SPEC_TIME_ZONES, ...Intl.supportedValuesOf('timeZone')])];
  return known;
}

/** The list a select shows: `current` (a stored zone this runtime does not list) first when it is missing. */
export function timeZoneOptions(current: string | undefined): readonly string[] {
  const list = timeZoneList();
  return current && !list.includes(current) ? [current, ...list] : list;
}
