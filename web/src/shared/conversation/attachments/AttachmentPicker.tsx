import FileIcon from 'lucide-react/icons/file';
import ImageIcon from 'lucide-react/icons/image';
import Loader2 from 'lucide-react/icons/loader-2';
import Paperclip from 'lucide-react/icons/paperclip';
import X from 'lucide-react/icons/x';
import { useId, useRef } from 'react';
import { ATTACH_ACCEPT } from './attachments.ts';
import { useT } from './locales/index.ts';
import type { Attachments } from './useAttachments.ts';

/**
 * The composer's paperclip: opens the file picker (several files: images, PDF, text, ZIP). A real
 * button opens it, so it works from the keyboard; the input itself stays labelled (for assistive
 * tools and tests) but out of the tab order.
 */
export function AttachButton({ attachments, disabled }: { attachments: Attachments; disabled?: boolean }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={ATTACH_ACCEPT}
        aria-label={t('attachments.input')}
        tabIndex={-1}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          attachments.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-label={t('attachments.attach')}
        title={t('attachments.attach')}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-slate-500 transition hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        <Paperclip className="h-5 w-5" aria-hidden="true" />
      </button>
    </>
  );
}

/** The files picked for the next message, each with its progress while it uploads and a button to take it off. */
export function PendingAttachments({ attachments }: { attachments: Attachments }) {
  const t = useT();
  if (attachments.items.length === 0) return null;
  return (
    <ul aria-label={t('attachments.pending')} className="mb-2 flex flex-wrap gap-2">
      {attachments.items.map((item) => {
        const Icon = item.attachment?.type === 'image' ? ImageIcon : FileIcon;
        return (
          <li
            key={item.key}
            className="flex max-w-full items-center gap-1.5 rounded-lg border border-slate-200 bg-slate-50 py-1 pr-1 pl-2 text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            {item.attachment ? (
              <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            ) : (
              <Loader2 className="h-3.5 w-3.5 shrink-0 animate-spin" aria-hidden="true" />
            )}
            <span className="max-w-48 truncate">{item.name}</span>
            {!item.attachment && (
              <progress
                value={item.progress}
                max={100}
                aria-label={t('attachments.uploading', { name: item.name, percent: item.progress })}
                className="h-1.5 w-12 accent-green-600"
              />
            )}
            <button
              type="button"
              onClick={() => attachments.remove(item.key)}
              aria-label={t('attachments.remove', { name: item.name })}
              className="inline-flex h-6 w-6 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-green-600 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
