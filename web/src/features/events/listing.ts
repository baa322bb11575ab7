import {
  EVENT_PAGE_SIZE,
  EVENT_PRICE_RANGES,
  type EventCategory,
  type EventDateFilter,
  type ListEventsQuery,
  type LocationType,
  type TechEvent,
} from '@commonwork/contracts';
import { endOfMonth, endOfWeek, isWithinInterval, parseISO, startOfDay, startOfMonth, startOfWeek } from 'date-fns';

export interface EventFilters {
  category: EventCategory | 'all';
  locationType: LocationType | 'all';
  dateRange: EventDateFilter;
  price: 'all' | 'free' | 'paid';
}

export const DEFAULT_EVENT_FILTERS: EventFilters = { category: 'all', locationType: 'all', dateRange: 'any', price: 'all' };

/** GET /api/events as the spec's client sends it; the date range stays in the page (spec 001 §3). */
export function eventsQuery(filters: EventFilters, search: string, page: number): Partial<ListEventsQuery> {
  const price = filters.price === 'all' ? null : EVENT_PRICE_RANGES[filters.price];
  return {
    page,
    limit: EVENT_PAGE_SIZE,
    ...(search.trim() && { search: search.trim() }),
    ...(filters.category !== 'all' && { category: filters.category }),
    ...(filters.locationType !== 'all' && { 'location[type]': filters.locationType }),
    sort: 'date',
    ...(price && { 'priceRange[min]': price.min, 'priceRange[max]': price.max }),
  };
}

/** The date filter, applied to the loaded page: an event's day (in its own calendar) against today's. */
export function inDateRange(event: Pick<TechEvent, 'date'>, range: EventDateFilter, now: Date): boolean {
  if (range === 'any') return true;
  const day = parseISO(event.date);
  const today = startOfDay(now);
  switch (range) {
    case 'today':
      return isWithinInterval(day, { start: today, end: today });
    case 'thisWeek':
      return isWithinInterval(day, { start: startOfWeek(now), end: endOfWeek(now) });
    case 'thisMonth':
      return isWithinInterval(day, { start: startOfMonth(now), end: endOfMonth(now) });
    case 'upcoming':
      return day >= today;
  }
}

/** Page numbers to show: the first, the last and those within 1 of the current, with '…' for gaps (spec 001 §2). */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  const items: (number | 'gap')[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) <= 1) items.push(n);
    else if (items.at(-1) !== 'gap') items.push('gap');
  }
  return items;
}
