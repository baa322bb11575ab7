import { describe, expect, it } from 'vitest';
import { isTimeZone, SPEC_TIME_ZONES, timeZoneList, timeZoneOptions } from './timeZones.ts';

describe('the time-zone list', () => {
  it("holds every IANA zone the runtime knows, the spec's four first, each once", () => {
    const list = timeZoneList();
    expect(list.slice(0, 4)).toEqual([...SPEC_TIME_ZONES]);
    expect(list).toEqual(expect.arrayContaining(Intl.supportedValuesOf('timeZone')));
    expect(new Set(list).size).toBe(list.length);
    expect(list.length).toBeGreaterThan(300);
  });

  it('accepts every zone it lists, and refuses what is not a zone', () => {
    expect(timeZoneList().filter((zone) => !isTimeZone(zone))).toEqual([]);
    for (const zone of ['Mars/Olympus_Mons', '+01:00', '', 'utc; drop', 'Europe/../London']) expect(isTimeZone(zone), zone).toBe(false);
  });

  it('keeps a stored zone the runtime does not list among the options', () => {
    expect(timeZoneOptions('Asia/Calcutta')[0]).toBe(timeZoneList().includes('Asia/Calcutta') ? 'UTC' : 'Asia/Calcutta');
    expect(timeZoneOptions('Europe/Berlin')).toBe(timeZoneList());
  });
});
