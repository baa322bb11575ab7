import { translateEnglish } from '../../shared/i18n/index.ts';
import { t } from './form/locales/index.ts';

/**
 * A save failure's toast (spec 001 §8): the server's message (or 'Error saving event'), with its
 * field details appended as the spec's client did; the details are the contracts' English, shown in
 * the language on screen when a catalog has them.
 */
export function saveFailureText(message: string, details: readonly { field: string; message: string }[]): string {
  const base = message || t('events.form.saveFailed');
  if (details.length === 0) return base;
  return t('events.form.saveFailedDetails', {
    message: base,
    details: details.map((d) => `${d.field}: ${translateEnglish(d.message)}`).join(', '),
  });
}
