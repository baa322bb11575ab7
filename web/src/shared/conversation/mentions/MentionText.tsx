import { useT } from './locales/index.ts';
import { type MentionCandidate, mentionParts } from './mentions.ts';

/**
 * A message's text with its mentions drawn out: every resolved `@name` tinted, the reader's own
 * stronger (and said to screen readers).
 */
export function MentionText(props: {
  content: string;
  mentions: readonly string[] | undefined;
  people: readonly MentionCandidate[] | undefined;
  userId: string | undefined;
}) {
  const t = useT();
  const parts = mentionParts(props.content, props.mentions, props.people ?? [], props.userId);
  return parts.map((part, index) =>
    part.mention ? (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order; they never move
        key={index}
        data-mention={part.mention.userId}
        className={
          part.mention.me
            ? 'rounded bg-amber-200 px-0.5 font-semibold text-amber-950 dark:bg-amber-400/30 dark:text-amber-100'
            : 'rounded bg-green-100 px-0.5 font-medium text-green-800 dark:bg-green-900/50 dark:text-green-200'
        }
      >
        {part.text}
        {part.mention.me && <span className="sr-only"> ({t('mentions.mentionsYou')})</span>}
      </span>
    ) : (
      part.text
    ),
  );
}
