import type { TextareaHTMLAttributes } from 'react';
import { inputClass } from '../../shared/ui/classes.ts';
import { useT } from './locales/index.ts';

interface CountedTextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  id: string;
  /** What has been typed, for the counter. */
  length: number;
  limit: number;
  invalid: boolean;
}

/**
 * A text box with its count of characters under it ('120 / 5000'), red past the limit. The browser
 * does not cut the text at the limit: the form's rule says what is too long, and nothing pasted is lost.
 */
export function CountedTextarea({ id, length, limit, invalid, ...box }: CountedTextareaProps) {
  const t = useT();
  const over = length > limit;
  return (
    <>
      <textarea
        id={id}
        rows={6}
        aria-invalid={invalid || over}
        aria-describedby={`${id}-count${invalid ? ` ${id}-error` : ''}`}
        className={inputClass}
        {...box}
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${over ? 'font-semibold text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}
      >
        {t('orders.dialog.count', { count: length, max: limit })}
      </p>
    </>
  );
}
