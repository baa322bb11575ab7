import { TIMINGS } from '@commonwork/contracts';
import Loader2 from 'lucide-react/icons/loader-2';
import Search from 'lucide-react/icons/search';
import Sparkles from 'lucide-react/icons/sparkles';
import { type KeyboardEvent, useId, useState } from 'react';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useSuggestions } from './api.ts';
import { useT } from './browse/locales/index.ts';

import { moveHighlight, shouldSuggest } from './suggestions.ts';

interface SearchBarProps {
  value: string;
  /** The person typed or picked a suggestion. */
  onChange: (value: string) => void;
  onAiSearch: () => void;
  aiSearching: boolean;
}

/**
 * The search box with typing suggestions (after 300 ms, for more than 2 characters) as an ARIA
 * combobox: arrows move through them, Enter picks the highlighted one, Escape closes the list.
 * Enter with nothing highlighted runs the AI search (spec 001 §5), like the AI Search button.
 */
export function SearchBar({ value, onChange, onAiSearch, aiSearching }: SearchBarProps) {
  const t = useT();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const typed = useDebouncedValue(value, TIMINGS.suggestionDebounceMs);
  const { data: suggestions = [], isFetching } = useSuggestions(typed, open);

  const visible = open && shouldSuggest(value) && suggestions.length > 0;
  const active = visible && highlight >= 0 && highlight < suggestions.length ? highlight : -1;
  const blank = value.trim() === '';

  const close = () => {
    setOpen(false);
    setHighlight(-1);
  };
  const pick = (suggestion: string) => {
    onChange(suggestion);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!visible) {
          setOpen(true);
          return;
        }
        event.preventDefault();
        setHighlight(moveHighlight(active, event.key, suggestions.length));
        return;
      case 'Escape':
        if (visible) event.preventDefault();
        close();
        return;
      case 'Enter': {
        event.preventDefault();
        const chosen = active >= 0 ? suggestions[active] : undefined;
        if (chosen !== undefined) pick(chosen);
        else if (!blank) {
          close();
          onAiSearch();
        }
        return;
      }
      default:
        return;
    }
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor={`${listId}-input`} className="sr-only">
          {t('marketplace.search.label')}
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input
          id={`${listId}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={visible}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={value}
          placeholder={t('marketplace.search.placeholder')}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setHighlight(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          className="block w-full rounded-xl border border-slate-300 bg-white py-3 pr-10 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-green-500 focus:outline-none focus:ring-2 focus:ring-green-500/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        {isFetching && open && (
          <span className="absolute top-1/2 right-3 -translate-y-1/2">
            <Spinner className="h-4 w-4" />
          </span>
        )}
        <div
          id={listId}
          role="listbox"
          aria-label={t('marketplace.search.suggestions')}
          hidden={!visible}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {visible &&
            suggestions.map((suggestion, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the combobox input (aria-activedescendant), which handles arrows, Enter and Escape.
              <div
                key={suggestion}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                // Keeps the focus in the box, so the blur does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(suggestion)}
                onMouseEnter={() => setHighlight(index)}
                className={`flex cursor-pointer items-center gap-2 px-4 py-2 text-sm ${
                  index === active
                    ? 'bg-green-50 text-green-800 dark:bg-green-950/60 dark:text-green-200'
                    : 'text-slate-700 dark:text-slate-300'
                }`}
              >
                <Search className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />
                {suggestion}
              </div>
            ))}
        </div>
      </div>
      <button
        type="button"
        onClick={onAiSearch}
        disabled={blank || aiSearching}
        className="inline-flex items-center justify-center gap-2 rounded-xl bg-white px-5 py-3 text-sm font-semibold text-green-700 shadow-sm transition hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-70 dark:bg-slate-900 dark:text-green-300 dark:hover:bg-slate-800"
      >
        {aiSearching ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <Sparkles className="h-4 w-4" aria-hidden="true" />
        )}
        {t('marketplace.search.ai')}
      </button>
    </div>
  );
}
