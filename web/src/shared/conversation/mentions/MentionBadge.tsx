import AtSign from 'lucide-react/icons/at-sign';
import { useT } from './locales/index.ts';

/** A channel's mentions of the reader in its list row, beside the unread count: nothing at 0. */
export function MentionBadge({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <span
      title={t('mentions.badge', { count })}
      className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-amber-500 px-1.5 py-0.5 text-xs font-semibold text-amber-950"
    >
      <AtSign className="h-3 w-3" aria-hidden="true" />
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('mentions.badge', { count })}</span>
    </span>
  );
}
