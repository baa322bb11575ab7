import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { type KeyboardEvent, useState } from 'react';
import { useT } from '../locales/index.ts';
import { type ChipRule, withoutChip } from './chips.ts';
import { buttonSecondary, inputClass, labelClass } from './classes.ts';

interface ChipListProps {
  /** The list's accessible name. */
  label: string;
  chips: readonly string[];
  /** Default: none, and the chips have no remove button. */
  onRemove?: (chip: string) => void;
}

/** Chips as a list; each has a remove button when `onRemove` is given. Nothing at all when there are none. */
export function ChipList({ label, chips, onRemove }: ChipListProps) {
  const t = useT();
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {chips.map((chip) => (
        <li
          key={chip}
          className={`inline-flex items-center gap-1 rounded-full bg-green-100 py-1 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-300 ${onRemove ? 'pr-1 pl-3' : 'px-3'}`}
        >
          {chip}
          {onRemove && (
            <button
              type="button"
              onClick={() => onRemove(chip)}
              aria-label={t('shared.chips.remove', { chip })}
              className="rounded-full p-0.5 hover:bg-green-200 dark:hover:bg-green-900"
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

interface ChipsInputProps {
  /** The input's id; the line under it is `${id}-hint`. */
  id: string;
  chips: readonly string[];
  onChange: (chips: string[]) => void;
  /** Whether a typed chip goes in: each caller keeps its own limits, duplicates rule and wording. */
  accept: ChipRule;
  label: string;
  /** Default false. True keeps the label for screen readers only. */
  hideLabel?: boolean;
  placeholder: string;
  /** The chip list's accessible name. */
  listLabel: string;
  /** The add button's name: beside its icon when `showAddLabel`, else its accessible name only. */
  addLabel: string;
  /** Default false. */
  showAddLabel?: boolean;
  /** Default: none. The line under the input (a count, say); a refusal takes its place until the draft changes. */
  hint?: string;
  /** Default 'below': where the chips sit relative to the input. */
  listPosition?: 'above' | 'below';
}

/** Chips with an input: Enter or the add button offers the draft to `accept`; each chip can be removed. */
export function ChipsInput(props: ChipsInputProps) {
  const {
    id,
    chips,
    onChange,
    accept,
    label,
    hideLabel = false,
    placeholder,
    listLabel,
    addLabel,
    showAddLabel = false,
    hint,
    listPosition = 'below',
  } = props;
  const [draft, setDraft] = useState('');
  const [rejected, setRejected] = useState<string | null>(null);
  const message = rejected ?? hint;

  const commit = () => {
    const verdict = accept(chips, draft);
    if (verdict === null) return;
    if ('rejected' in verdict) {
      setRejected(verdict.rejected);
      return;
    }
    setRejected(null);
    onChange(verdict.chips);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds a chip; it must not submit the form around the input.
    event.preventDefault();
    commit();
  };
  const list = (
    <ChipList
      label={listLabel}
      chips={chips}
      onRemove={(chip) => {
        onChange(withoutChip(chips, chip));
        setRejected(null);
      }}
    />
  );

  return (
    <div className="space-y-2">
      {listPosition === 'above' && list}
      <div>
        <label htmlFor={id} className={hideLabel ? 'sr-only' : labelClass}>
          {label}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            type="text"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setRejected(null);
            }}
            onKeyDown={onKeyDown}
            placeholder={placeholder}
            aria-describedby={message === undefined ? undefined : `${id}-hint`}
            className={inputClass}
          />
          <button
            type="button"
            onClick={commit}
            disabled={draft.trim() === ''}
            aria-label={showAddLabel ? undefined : addLabel}
            className={showAddLabel ? buttonSecondary : ADD_ICON_BUTTON}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            {showAddLabel && addLabel}
          </button>
        </div>
        {message !== undefined && (
          <p
            id={`${id}-hint`}
            className={`mt-1 text-xs ${rejected ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}
            aria-live="polite"
          >
            {message}
          </p>
        )}
      </div>
      {listPosition === 'below' && list}
    </div>
  );
}

const ADD_ICON_BUTTON =
  'inline-flex shrink-0 items-center justify-center rounded-lg border border-slate-300 px-3 text-slate-700 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';
