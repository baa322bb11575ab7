import { useT } from './locales/index.ts';

/** A conversation's unread count in its list row: nothing at 0, '99+' above 99, 'unread' for screen readers. */
export function UnreadBadge({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <span className="ml-auto shrink-0 rounded-full bg-green-700 px-2 py-0.5 text-xs font-semibold text-white">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {t('conversation.unread')}</span>
    </span>
  );
}
