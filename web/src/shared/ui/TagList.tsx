import { useT } from '../locales/index.ts';
import { visibleTags } from './tags.ts';

/** Tags as small grey chips, with '+N' for those not shown (an event card shows 3: spec 001 §9); nothing when there are none. */
export function TagList({
  tags,
  shown = tags.length,
  className = 'mt-3',
}: {
  tags: readonly string[];
  shown?: number;
  className?: string;
}) {
  const t = useT();
  if (tags.length === 0) return null;
  const { tags: visible, more } = visibleTags(tags, shown);
  return (
    <ul className={`${className} flex flex-wrap gap-1.5`} aria-label={t('shared.tags.label')}>
      {visible.map((tag) => (
        <li key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {tag}
        </li>
      ))}
      {more > 0 && <li className="rounded-md px-1 py-0.5 text-xs text-slate-500 dark:text-slate-400">+{more}</li>}
    </ul>
  );
}
