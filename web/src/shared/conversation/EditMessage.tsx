import { MESSAGING_LIMITS } from '@commonwork/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonPrimary, buttonSecondarySmall } from '../ui/classes.ts';
import { useT } from './locales/index.ts';

/** Save beside the small Cancel, made the same way as `buttonSecondarySmall`. */
const buttonPrimarySmall = buttonPrimary.replace('px-4 py-2', 'px-3 py-1.5');

interface EditMessageProps {
  content: string;
  onSave: (content: string) => void;
  onCancel: () => void;
}

/** A message's text edited in its place: Enter saves, Shift+Enter adds a line, Escape cancels. */
export function EditMessage({ content, onSave, onCancel }: EditMessageProps) {
  const t = useT();
  const [text, setText] = useState(content);
  const box = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const trimmed = text.trim();

  // The caret at the end of the text, as after typing it.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = () => {
    if (trimmed) onSave(trimmed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <div className="mt-1">
      <textarea
        ref={box}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={MESSAGING_LIMITS.message}
        aria-label={t('conversation.editLabel')}
        aria-describedby={hintId}
        rows={2}
        className="block max-h-60 min-h-16 w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-green-500 focus:outline-none focus:ring-2 focus:ring-green-500/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 field-sizing-content"
      />
      <div className="mt-1.5 flex flex-wrap items-center gap-2">
        <p id={hintId} className="mr-auto text-xs text-slate-500 dark:text-slate-400">
          {t('conversation.editHint')}
        </p>
        <button type="button" onClick={onCancel} className={buttonSecondarySmall}>
          {t('conversation.cancel')}
        </button>
        <button type="button" onClick={save} disabled={!trimmed} className={buttonPrimarySmall}>
          {t('conversation.save')}
        </button>
      </div>
    </div>
  );
}
