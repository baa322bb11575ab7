import type { Reaction } from '@commonwork/contracts';
import { activeLocale } from '../i18n/index.ts';
import { hasReacted } from './changes.ts';
import { useT } from './locales/index.ts';

interface ReactionsProps {
  reactions: readonly Reaction[];
  userId: string | undefined;
  /** A reacting person's name ('You' for the reader). */
  nameOf: (userId: string) => string;
  onToggle: (emoji: string) => void;
}

/** A message's reactions, in the order first used: `emoji count`, pressed when the reader's, who reacted in the title. */
export function Reactions({ reactions, userId, nameOf, onToggle }: ReactionsProps) {
  const t = useT();
  if (reactions.length === 0) return null;
  const list = new Intl.ListFormat(activeLocale(), { type: 'conjunction' });
  return (
    <ul className="mt-1 flex flex-wrap gap-1">
      {reactions.map((reaction) => {
        const mine = hasReacted(reaction, userId);
        return (
          <li key={reaction.emoji}>
            <button
              type="button"
              aria-pressed={mine}
              aria-label={t('conversation.reaction', { emoji: reaction.emoji, count: reaction.count })}
              title={t('conversation.reactedBy', { emoji: reaction.emoji, names: list.format(reaction.users.map(nameOf)) })}
              onClick={() => onToggle(reaction.emoji)}
              className={`inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-green-600 ${
                mine
                  ? 'border-green-600 bg-green-50 text-green-800 dark:border-green-500 dark:bg-green-950 dark:text-green-200'
                  : 'border-slate-200 bg-slate-50 text-slate-700 hover:border-slate-300 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200 dark:hover:border-slate-600'
              }`}
            >
              <span aria-hidden="true">{reaction.emoji}</span>
              <span className="text-xs font-semibold tabular-nums">{reaction.count}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
