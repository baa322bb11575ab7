import type { ReactNode } from 'react';
import { translateEnglish } from '../i18n/index.ts';
import { labelClass } from './classes.ts';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}

/**
 * A label, its control and the control's error message (linked by id for screen readers). The
 * error may be a contracts schema's or the server's English: shown in the language on screen when a
 * catalog has those words (translateEnglish).
 */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {translateEnglish(error)}
        </p>
      )}
    </div>
  );
}
