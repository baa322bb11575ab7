import { de as dateLocale } from 'date-fns/locale/de';
import { mergeCatalogs } from './merge.ts';

/** German: every area's catalog in one chunk, fetched only when German is shown. */
export const messages = mergeCatalogs(import.meta.glob('../../../**/locales/de.json', { eager: true, import: 'default' }));
export { dateLocale };
