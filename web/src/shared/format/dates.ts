import { format } from 'date-fns';
import { dateLocale } from '../i18n/i18n.ts';

type DateInput = Date | string | number;

// Not re-exported by ./index.ts: date-fns' format (4.5 KB brotli) would follow the index into every
// chunk that imports it (the signed-in frame's badge counts among them).

/**
 * A date in the language shown: English with the spec's pattern, word for word ('MMM d, yyyy'); any
 * other language with a localized pattern of date-fns ('PP', 'PPP', 'p', 'EEEE'…), in its own order
 * and words ('15. Juni 2025'), through the date-fns locale loaded with its catalogs.
 */
export function formatDate(date: DateInput, english: string, localized: string): string {
  const locale = dateLocale();
  return locale ? format(new Date(date), localized, { locale }) : format(new Date(date), english);
}
