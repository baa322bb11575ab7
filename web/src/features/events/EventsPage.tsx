import { EVENT_CATEGORIES, EVENT_SEARCH_DEBOUNCE_MS, LOCATION_TYPES, type TechEvent } from '@commonwork/contracts';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { buttonPrimary, buttonSecondary, cardClass, inputClass, labelClass } from '../../shared/ui/classes.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useEventListing } from './api.ts';
import { EventCard } from './EventCard.tsx';
import { categoryLabel, isOrganizer, locationTypeLabel } from './eventDisplay.ts';
import { DEFAULT_EVENT_FILTERS, type EventFilters, eventsQuery, inDateRange, pageItems } from './listing.ts';
import { useT } from './locales/index.ts';
import { useEventDeletion } from './useEventDeletion.tsx';

/** Static, as in the spec's page: a shortcut into search. */
const POPULAR_TAGS = ['JavaScript', 'React', 'Python', 'AI', 'DevOps', 'Design', 'Hackathon', 'Career'];
const DATE_RANGES = [
  { value: 'any', label: 'events.dateRange.any' },
  { value: 'today', label: 'events.dateRange.today' },
  { value: 'thisWeek', label: 'events.dateRange.thisWeek' },
  { value: 'thisMonth', label: 'events.dateRange.thisMonth' },
  { value: 'upcoming', label: 'events.dateRange.upcoming' },
] as const;
const PRICES = [
  { value: 'all', label: 'events.price.all' },
  { value: 'free', label: 'events.price.free' },
  { value: 'paid', label: 'events.price.paid' },
] as const;

/** /events (spec 001 §2, §4): filters, search, a two-column grid, numbered pages. */
export function EventsPage() {
  const t = useT();
  const { user } = useAuth();
  const [filters, setFilters] = useState<EventFilters>(DEFAULT_EVENT_FILTERS);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search, EVENT_SEARCH_DEBOUNCE_MS);
  const { requestDelete, dialog } = useEventDeletion();
  const listing = useEventListing(eventsQuery(filters, debouncedSearch, page), user?.id ?? null);

  useEffect(() => {
    if (listing.isError) toast.error(t('events.listing.loadFailed'));
  }, [listing.isError, t]);

  // A new search starts from page 1 (the request waits for the typing to pause).
  const changeSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };
  const change = (patch: Partial<EventFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    if (!('dateRange' in patch)) setPage(1);
  };
  const now = useMemo(() => new Date(), []);
  const events = (listing.data?.events ?? []).filter((event: TechEvent) => inDateRange(event, filters.dateRange, now));
  const pages = listing.data?.pagination.pages ?? 1;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('events.listing.title')}</h1>
          <p className="text-slate-600 dark:text-slate-400">{t('events.listing.subtitle')}</p>
        </div>
        <Link to="/events/create" className={buttonPrimary}>
          <CalendarPlus className="h-4 w-4" aria-hidden="true" />
          {t('events.create')}
        </Link>
      </header>

      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside className="space-y-6">
          <section className={cardClass} aria-labelledby="event-filters">
            <h2 id="event-filters" className="mb-4 font-semibold text-slate-900 dark:text-white">
              {t('events.listing.filters')}
            </h2>
            <div className="space-y-4">
              <Select
                id="filter-event-type"
                label={t('events.listing.eventType')}
                value={filters.category}
                onChange={(category) => change({ category: category as EventFilters['category'] })}
              >
                <option value="all">{t('events.listing.allTypes')}</option>
                {EVENT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel(c)}
                  </option>
                ))}
              </Select>
              <Select
                id="filter-location"
                label={t('events.listing.location')}
                value={filters.locationType}
                onChange={(type) => change({ locationType: type as EventFilters['locationType'] })}
              >
                <option value="all">{t('events.listing.allLocations')}</option>
                {LOCATION_TYPES.map((type) => (
                  <option key={type.value} value={type.value}>
                    {locationTypeLabel(type.value)}
                  </option>
                ))}
              </Select>
              <Select
                id="filter-date-range"
                label={t('events.listing.dateRange')}
                value={filters.dateRange}
                onChange={(range) => change({ dateRange: range as EventFilters['dateRange'] })}
              >
                {DATE_RANGES.map((r) => (
                  <option key={r.value} value={r.value}>
                    {t(r.label)}
                  </option>
                ))}
              </Select>
              <Select
                id="filter-price"
                label={t('events.listing.price')}
                value={filters.price}
                onChange={(price) => change({ price: price as EventFilters['price'] })}
              >
                {PRICES.map((p) => (
                  <option key={p.value} value={p.value}>
                    {t(p.label)}
                  </option>
                ))}
              </Select>
            </div>
          </section>
          <section className={cardClass} aria-labelledby="popular-tags">
            <h2 id="popular-tags" className="mb-3 font-semibold text-slate-900 dark:text-white">
              {t('events.listing.popularTags')}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {POPULAR_TAGS.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    onClick={() => changeSearch(tag)}
                    className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 hover:bg-green-100 dark:bg-slate-800 dark:text-slate-300"
                  >
                    #{tag}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </aside>

        <section className="min-w-0 space-y-4" aria-label={t('events.listing.region')}>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              type="search"
              className={`${inputClass} pl-9`}
              placeholder={t('events.listing.searchPlaceholder')}
              aria-label={t('events.listing.searchPlaceholder')}
              value={search}
              onChange={(e) => changeSearch(e.target.value)}
            />
          </div>

          {listing.isPending ? (
            <p role="status" className="py-12 text-center text-slate-500 dark:text-slate-400">
              {t('events.listing.loading')}
            </p>
          ) : events.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
              <SearchX className="h-10 w-10 text-slate-400" aria-hidden="true" />
              <p className="mt-3 font-semibold text-slate-900 dark:text-white">{t('events.listing.empty')}</p>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('events.listing.emptyHint')}</p>
            </div>
          ) : (
            <ul
              className={`grid gap-5 md:grid-cols-2 ${listing.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={listing.isPlaceholderData}
            >
              {events.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} owned={isOrganizer(event, user?.id)} onDelete={requestDelete} />
                </li>
              ))}
            </ul>
          )}

          {pages > 1 && (
            <nav aria-label={t('events.listing.pagination')} className="flex flex-wrap items-center justify-center gap-1 pt-2">
              <button type="button" className={buttonSecondary} onClick={() => setPage(page - 1)} disabled={page <= 1}>
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                {t('events.listing.previous')}
              </button>
              {pageItems(page, pages).map((item, i) =>
                item === 'gap' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
                  <span key={`gap-${i}`} className="px-2 text-slate-400" aria-hidden="true">
                    …
                  </span>
                ) : (
                  <button
                    key={item}
                    type="button"
                    onClick={() => setPage(item)}
                    aria-current={item === page ? 'page' : undefined}
                    aria-label={t('events.listing.page', { page: item })}
                    className={`min-w-9 rounded-lg px-3 py-2 text-sm font-medium ${item === page ? 'bg-green-700 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
                  >
                    {item}
                  </button>
                ),
              )}
              <button type="button" className={buttonSecondary} onClick={() => setPage(page + 1)} disabled={page >= pages}>
                {t('events.listing.next')}
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </button>
            </nav>
          )}
        </section>
      </div>
      {dialog}
    </div>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}
