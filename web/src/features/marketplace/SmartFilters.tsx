import Filter from 'lucide-react/icons/filter';
import Heart from 'lucide-react/icons/heart';
import { cardClass, inputClass, labelClass } from '../../shared/ui/classes.ts';
import { useT } from './browse/locales/index.ts';
import { categoryOptions, priceRangeOptions, sortOptions } from './filterLabels.ts';
import type { GigFilters } from './listing.ts';

interface FilterSelectProps<V extends string> {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** One labelled select of the Smart Filters card. */
function FilterSelect<V extends string>({ id, label, value, options, onChange }: FilterSelectProps<V>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface SmartFiltersProps {
  filters: GigFilters;
  onChange: (filters: GigFilters) => void;
  /** Only the person's favourites. */
  favorites: boolean;
  onFavoritesChange: (on: boolean) => void;
  onClear: () => void;
  canClear: boolean;
}

/** Category, price range and sort, with Clear All Filters (spec 001 §2), and our Favourites filter. */
export function SmartFilters({ filters, onChange, favorites, onFavoritesChange, onClear, canClear }: SmartFiltersProps) {
  const t = useT();
  return (
    <section className={cardClass} aria-labelledby="smart-filters-title">
      <h2 id="smart-filters-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Filter className="h-5 w-5 text-green-600" aria-hidden="true" />
        {t('marketplace.filters.title')}
      </h2>
      <div className="mt-4 space-y-4">
        <label
          htmlFor="filter-favorites"
          className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 transition hover:bg-slate-50 has-[:checked]:border-red-300 has-[:checked]:bg-red-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:has-[:checked]:border-red-900 dark:has-[:checked]:bg-red-950/40"
        >
          <input
            id="filter-favorites"
            type="checkbox"
            className="h-4 w-4 accent-red-500"
            checked={favorites}
            onChange={(e) => onFavoritesChange(e.target.checked)}
          />
          <Heart className={`h-4 w-4 ${favorites ? 'fill-red-500 text-red-500' : 'text-slate-400'}`} aria-hidden="true" />
          {t('marketplace.favorite.filter')}
        </label>
        <FilterSelect
          id="filter-category"
          label={t('marketplace.filters.category')}
          value={filters.category}
          options={categoryOptions()}
          onChange={(category) => onChange({ ...filters, category })}
        />
        <FilterSelect
          id="filter-price"
          label={t('marketplace.filters.priceRange')}
          value={filters.priceRange}
          options={priceRangeOptions()}
          onChange={(priceRange) => onChange({ ...filters, priceRange })}
        />
        <FilterSelect
          id="filter-sort"
          label={t('marketplace.filters.sortBy')}
          value={filters.sortBy}
          options={sortOptions()}
          onChange={(sortBy) => onChange({ ...filters, sortBy })}
        />
        <button
          type="button"
          onClick={onClear}
          disabled={!canClear}
          className="w-full rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {t('marketplace.filters.clear')}
        </button>
      </div>
    </section>
  );
}
