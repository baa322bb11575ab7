import { useT } from './locales/index.ts';
import type { ConversationKind } from './source.ts';
import { typingPhrase } from './typing.ts';
import { useTypists } from './useTyping.ts';

interface TypingIndicatorProps {
  kind: ConversationKind;
  conversationId: string;
  userId: string | undefined;
}

/**
 * The line under the composer naming who else is typing. Always in the page, so screen readers
 * hear each change (politely) and the composer does not jump when it appears. Key it by the
 * conversation: a new one starts with nobody typing.
 */
export function TypingIndicator({ kind, conversationId, userId }: TypingIndicatorProps) {
  const t = useT();
  const phrase = typingPhrase(useTypists(kind, conversationId, userId));
  return (
    <p aria-live="polite" className="h-5 truncate px-4 text-xs italic text-slate-500 dark:text-slate-400">
      {phrase && t(phrase.id, phrase.values)}
    </p>
  );
}
