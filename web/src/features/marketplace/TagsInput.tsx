import { GIG_TAGS_MAX } from '@commonwork/contracts';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { inputClass, labelClass } from '../../shared/ui/classes.ts';
import { addTag, removeTag, TAG_REJECTIONS, type TagRejection } from './tags.ts';

interface TagsInputProps {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as removable chips; a new one is added with Enter or the plus button (at most 10, no duplicates). */
export function TagsInput({ id, tags, onChange }: TagsInputProps) {
  const [draft, setDraft] = useState('');
  const [rejected, setRejected] = useState<Exclude<TagRejection, 'empty'> | null>(null);
  const full = tags.length >= GIG_TAGS_MAX;

  const commit = () => {
    const result = addTag(tags, draft);
    if (result.rejected === 'empty') return;
    setRejected(result.rejected ?? null);
    if (!result.rejected) {
      onChange(result.tags);
      setDraft('');
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  };

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Add a tag
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
          placeholder={full ? 'Tag limit reached' : 'e.g. React, then Enter'}
          aria-describedby={`${id}-hint`}
          className={inputClass}
        />
        <button
          type="button"
          onClick={commit}
          disabled={draft.trim() === ''}
          aria-label="Add tag"
          className="inline-flex shrink-0 items-center justify-center rounded-lg border border-slate-300 px-3 text-slate-700 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <p
        id={`${id}-hint`}
        className={`mt-1 text-xs ${rejected ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}
        aria-live="polite"
      >
        {rejected ? TAG_REJECTIONS[rejected] : `${tags.length}/${GIG_TAGS_MAX} tags`}
      </p>
      {tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Added tags">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-green-100 py-1 pr-1 pl-3 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-300"
            >
              {tag}
              <button
                type="button"
                onClick={() => {
                  onChange(removeTag(tags, tag));
                  setRejected(null);
                }}
                aria-label={`Remove ${tag}`}
                className="rounded-full p-0.5 hover:bg-green-200 dark:hover:bg-green-900"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
