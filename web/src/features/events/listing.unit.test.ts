import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_FILTERS, eventsQuery, inDateRange, pageItems } from './listing.ts';

describe('the events query', () => {
  it('is the spec client’s: page, 12, sort by date, nothing else by default', () => {
    expect(eventsQuery(DEFAULT_EVENT_FILTERS, '  ', 1)).toEqual({ page: 1, limit: 12, sort: 'date' });
  });

  it('sends type, location and price bounds (free 0..0, paid 0.01..99999), never the date range', () => {
    const filters = { category: 'hackathon', locationType: 'online', dateRange: 'thisWeek', price: 'paid' } as const;
    expect(eventsQuery(filters, ' rust ', 3)).toEqual({
      page: 3,
      limit: 12,
      search: 'rust',
      category: 'hackathon',
      'location[type]': 'online',
      sort: 'date',
      'priceRange[min]': 0.01,
      'priceRange[max]': 99_999,
    });
    expect(eventsQuery({ ...DEFAULT_EVENT_FILTERS, price: 'free' }, '', 1)).toMatchObject({ 'priceRange[min]': 0, 'priceRange[max]': 0 });
  });
});

describe('the date range applied in the page', () => {
  const now = new Date(2026, 10, 24, 15, 0); // Tuesday 24 November 2026, local time
  it.each([
    ['any', '2020-01-01', true],
    ['today', '2026-11-24', true],
    ['today', '2026-11-25', false],
    ['thisWeek', '2026-11-28', true],
    ['thisWeek', '2026-12-01', false],
    ['thisMonth', '2026-11-01', true],
    ['thisMonth', '2026-12-01', false],
    ['upcoming', '2026-11-24', true],
    ['upcoming', '2026-11-23', false],
  ] as const)('%s keeps %s: %s', (range, date, kept) => {
    expect(inDateRange({ date }, range, now)).toBe(kept);
  });
});

describe('numbered pagination', () => {
  it('shows the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
});
