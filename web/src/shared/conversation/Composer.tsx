import { type Attachment, MESSAGING_LIMITS } from '@commonwork/contracts';
import Loader2 from 'lucide-react/icons/loader-2';
import Send from 'lucide-react/icons/send';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { AttachButton, PendingAttachments } from './attachments/AttachmentPicker.tsx';
import { useAttachments } from './attachments/useAttachments.ts';
import { useT } from './locales/index.ts';
import { useMentionAutocomplete } from './mentions/MentionAutocomplete.tsx';
import type { MentionCandidate } from './mentions/mentions.ts';

export interface ComposerProps {
  /**
   * Called with the trimmed text and the uploaded attachments; the box is cleared at once. When it
   * returns a promise that rejects, the text and attachments come back so they can be sent again.
   */
  onSend: (content: string, attachments: Attachment[]) => unknown;
  placeholder: string;
  /** The accessible name of the text box. */
  label: string;
  /** Blocks sending (the inbox sends one message at a time); the send button shows a spinner. */
  sending?: boolean;
  disabled?: boolean;
  /** A line under the box, e.g. that sending joins the channel. */
  note?: string;
  /** The Up arrow in the empty box (Slack's habit): edits the person's last message; false when there is none. */
  onEditLast?: () => boolean;
  /** Who `@` suggests (a channel's members); none: no suggestions (the inbox). */
  mentionable?: readonly MentionCandidate[];
  /** Each change of the text while it is not empty: the person is typing (the listener throttles). */
  onTyping?: () => void;
}

/**
 * The message box of the community and inbox screens (spec 002 §5): Enter sends, Shift+Enter adds
 * a line, the paperclip attaches files, and the send button is disabled while there is neither text
 * nor an uploaded attachment (or a file is still uploading).
 */
export function Composer({
  onSend,
  placeholder,
  label,
  sending = false,
  disabled = false,
  note,
  onEditLast,
  onTyping,
  mentionable,
}: ComposerProps) {
  const t = useT();
  const [text, setText] = useState('');
  const noteId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionAutocomplete({ people: mentionable, text, setText, box });
  const attachments = useAttachments();
  // Attachments alone make a message; one still uploading holds the send back.
  const empty = text.trim().length === 0 && attachments.ready.length === 0;
  const blocked = empty || attachments.uploading || sending || disabled;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blocked) return;
    const content = text.trim();
    const attached = attachments.ready;
    setText('');
    attachments.clear();
    const result = onSend(content, attached);
    if (result instanceof Promise)
      result.catch(() => {
        setText((current) => current || content);
        attachments.restore(attached);
      });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(event)) return;
    if (event.key === 'ArrowUp' && text === '' && onEditLast?.()) {
      event.preventDefault();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={submit} className="border-t border-slate-200 p-3 dark:border-slate-800">
      <PendingAttachments attachments={attachments} />
      <div className="relative flex items-end gap-2">
        {mention.list}
        <AttachButton attachments={attachments} disabled={disabled} />
        <textarea
          ref={box}
          {...mention.inputProps}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) onTyping?.();
          }}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={MESSAGING_LIMITS.message}
          placeholder={placeholder}
          aria-label={label}
          aria-describedby={note ? noteId : undefined}
          disabled={disabled}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-green-500 focus:outline-none focus:ring-2 focus:ring-green-500/30 disabled:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800 field-sizing-content"
        />
        <button
          type="submit"
          disabled={blocked}
          aria-label={t('conversation.send')}
          title={t('conversation.sendHint')}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-green-700 text-white transition hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
        </button>
      </div>
      {note && (
        <p id={noteId} className="mt-1.5 px-1 text-xs text-slate-500 dark:text-slate-400">
          {note}
        </p>
      )}
    </form>
  );
}
