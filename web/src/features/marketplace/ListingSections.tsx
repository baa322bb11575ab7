import type { AiSearchResult } from '@commonwork/contracts';
import { Brain, Filter, Headphones, Plus, Smile, Sparkles, TrendingUp, Users, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonPrimary, cardClass, inputClass, labelClass } from '../../shared/ui/classes.ts';
import { CATEGORY_OPTIONS, type GigFilters, PRICE_RANGE_OPTIONS, SORT_OPTIONS } from './listing.ts';
import { MARKETPLACE_FIGURES, TRENDING_SKILLS } from './messages.ts';

const FIGURE_ICONS = [Users, Smile, Headphones] as const;

/** The marketplace hero: title, the static figures of spec 001 §1, Create Gig, and the search box below. */
export function MarketplaceHero({ children }: { children: ReactNode }) {
  return (
    <section className="rounded-3xl bg-gradient-to-br from-green-600 via-green-700 to-emerald-800 p-6 text-white shadow-sm sm:p-10 dark:from-green-800 dark:via-green-900 dark:to-emerald-950">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">Find the perfect freelancer</h1>
          <p className="mt-2 max-w-2xl text-green-50">
            Browse gigs from professionals in the community, or describe what you need and let AI Search pick the filters.
          </p>
        </div>
        <Link
          to="/marketplace/create"
          className="inline-flex items-center justify-center gap-2 self-start rounded-lg bg-white px-4 py-2 text-sm font-semibold text-green-700 shadow-sm transition hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white lg:self-auto"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Create Gig
        </Link>
      </div>
      <ul className="mt-6 grid grid-cols-3 gap-3 sm:max-w-xl" aria-label="Marketplace in numbers">
        {MARKETPLACE_FIGURES.map(({ value, label }, index) => {
          const Icon = FIGURE_ICONS[index] ?? Users;
          return (
            <li key={label} className="flex items-center gap-3 rounded-xl bg-white/10 px-3 py-2 backdrop-blur">
              <Icon className="hidden h-6 w-6 shrink-0 text-green-100 sm:block" aria-hidden="true" />
              <p className="flex flex-col">
                <strong className="text-xl font-bold sm:text-2xl">{value}</strong>{' '}
                <span className="text-xs text-green-50 sm:text-sm">{label}</span>
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-6">{children}</div>
    </section>
  );
}

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
  onClear: () => void;
  canClear: boolean;
}

/** Category, price range and sort, with Clear All Filters (spec 001 §2). */
export function SmartFilters({ filters, onChange, onClear, canClear }: SmartFiltersProps) {
  return (
    <section className={cardClass} aria-labelledby="smart-filters-title">
      <h2 id="smart-filters-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Filter className="h-5 w-5 text-green-600" aria-hidden="true" />
        Smart Filters
      </h2>
      <div className="mt-4 space-y-4">
        <FilterSelect
          id="filter-category"
          label="Category"
          value={filters.category}
          options={CATEGORY_OPTIONS}
          onChange={(category) => onChange({ ...filters, category })}
        />
        <FilterSelect
          id="filter-price"
          label="Price Range"
          value={filters.priceRange}
          options={PRICE_RANGE_OPTIONS}
          onChange={(priceRange) => onChange({ ...filters, priceRange })}
        />
        <FilterSelect
          id="filter-sort"
          label="Sort By"
          value={filters.sortBy}
          options={SORT_OPTIONS}
          onChange={(sortBy) => onChange({ ...filters, sortBy })}
        />
        <button
          type="button"
          onClick={onClear}
          disabled={!canClear}
          className="w-full rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          Clear All Filters
        </button>
      </div>
    </section>
  );
}

/** The static Trending Skills list; choosing one searches for it. */
export function TrendingSkills({ active, onPick }: { active: string; onPick: (skill: string) => void }) {
  return (
    <section className={cardClass} aria-labelledby="trending-skills-title">
      <h2 id="trending-skills-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <TrendingUp className="h-5 w-5 text-green-600" aria-hidden="true" />
        Trending Skills
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {TRENDING_SKILLS.map((skill) => {
          const pressed = active.trim().toLowerCase() === skill.toLowerCase();
          return (
            <li key={skill}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onPick(skill)}
                className={`rounded-full px-3 py-1 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-green-600 ${
                  pressed
                    ? 'bg-green-600 text-white'
                    : 'bg-slate-100 text-slate-700 hover:bg-green-100 hover:text-green-800 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-green-950 dark:hover:text-green-300'
                }`}
              >
                {skill}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface AiPanelProps {
  result: AiSearchResult;
  refinements: string[];
  onSuggestion: (suggestion: string) => void;
  onDismiss: () => void;
}

/** What the AI search understood and why (spec 001 §4), with its suggestions as chips. */
export function AiPanel({ result, refinements, onSuggestion, onDismiss }: AiPanelProps) {
  return (
    <section
      aria-labelledby="ai-panel-title"
      className="relative rounded-2xl border border-green-200 bg-green-50 p-5 dark:border-green-900 dark:bg-green-950/40"
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss AI search explanation"
        className="absolute top-3 right-3 rounded-lg p-1 text-green-700 hover:bg-green-100 dark:text-green-300 dark:hover:bg-green-900"
      >
        <X className="h-5 w-5" aria-hidden="true" />
      </button>
      <h2 id="ai-panel-title" className="flex items-center gap-2 pr-8 font-semibold text-green-900 dark:text-green-100">
        <Brain className="h-5 w-5" aria-hidden="true" />
        {result.interpretedQuery}
      </h2>
      <p className="mt-1 text-sm text-green-800 dark:text-green-200">{result.explanation}</p>
      {refinements.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Also applied">
          {refinements.map((label) => (
            <li
              key={label}
              className="rounded-md bg-white/70 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-900/50 dark:text-green-100"
            >
              {label}
            </li>
          ))}
        </ul>
      )}
      {result.suggestions.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-green-800 dark:text-green-300">Try also</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {result.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  onClick={() => onSuggestion(suggestion)}
                  className="inline-flex items-center gap-1 rounded-full border border-green-300 bg-white px-3 py-1 text-sm text-green-800 transition hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-green-600 dark:border-green-800 dark:bg-green-950 dark:text-green-200 dark:hover:bg-green-900"
                >
                  <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The empty state of the listing (spec 001 §2). */
export function NoGigs({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center dark:border-slate-700 dark:bg-slate-900">
      <Filter className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{hint}</p>
      <Link to="/marketplace/create" className={`${buttonPrimary} mt-5`}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Create Gig
      </Link>
    </div>
  );
}
