import { es as dateLocale } from 'date-fns/locale/es';
import { mergeCatalogs } from './merge.ts';

/** Spanish: every area's catalog in one chunk, fetched only when Spanish is shown. */
export const messages = mergeCatalogs(import.meta.glob('../../../**/locales/es.json', { eager: true, import: 'default' }));
export { dateLocale };
