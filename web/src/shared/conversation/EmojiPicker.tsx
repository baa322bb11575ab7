import Search from 'lucide-react/icons/search';
import { type KeyboardEvent, useId, useState } from 'react';
import { searchEmoji } from './emoji.ts';
import { useT } from './locales/index.ts';

/** Emoji per row: the Up and Down arrows move by a row. */
const COLUMNS = 8;

interface EmojiPickerProps {
  onPick: (emoji: string) => void;
  onClose: () => void;
}

/**
 * A small emoji picker (loaded with its list on first use): a search box that keeps the focus and
 * a grid of emoji it drives (a combobox): the arrows move, Enter picks, Escape closes.
 */
export function EmojiPicker({ onPick, onClose }: EmojiPickerProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const found = searchEmoji(query);
  const current = Math.min(active, found.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  const move = (by: number) => {
    if (found.length > 0) setActive(Math.max(0, Math.min(found.length - 1, current + by)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    const step = steps[event.key];
    if (step !== undefined) {
      // Left and Right stay in the text while it has a caret to move.
      if (query && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) return;
      event.preventDefault();
      move(step);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = found[current];
      if (entry) onPick(entry.emoji);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div className="w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
      <div className="relative">
        <Search className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-slate-400" aria-hidden="true" />
        <input
          // biome-ignore lint/a11y/noAutofocus: the picker opens to be typed in; Escape gives the focus back
          autoFocus
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={found.length > 0 ? optionId(current) : undefined}
          aria-label={t('conversation.emojiSearch')}
          placeholder={t('conversation.emojiSearch')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-2 pl-8 text-sm text-slate-900 placeholder:text-slate-500 focus:border-green-500 focus:outline-none focus:ring-2 focus:ring-green-500/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
      </div>
      {found.length === 0 ? (
        <p className="px-1 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('conversation.emojiNone')}</p>
      ) : (
        <div
          id={listId}
          role="listbox"
          aria-label={t('conversation.emojiPicker')}
          className="mt-2 grid max-h-52 grid-cols-8 gap-0.5 overflow-y-auto"
        >
          {found.map((entry, index) => (
            // Options are chosen with the mouse or from the search box (aria-activedescendant), never focused.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks through the search box (Enter)
            <div
              key={entry.emoji}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === current}
              onClick={() => onPick(entry.emoji)}
              onMouseEnter={() => setActive(index)}
              ref={index === current ? (el) => el?.scrollIntoView({ block: 'nearest' }) : undefined}
              className={`flex h-8 cursor-pointer items-center justify-center rounded-md text-xl ${
                index === current ? 'bg-green-100 ring-1 ring-green-600 dark:bg-green-900/50' : ''
              }`}
            >
              {entry.emoji}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
