import { fr as dateLocale } from 'date-fns/locale/fr';
import { mergeCatalogs } from './merge.ts';

/** French: every area's catalog in one chunk, fetched only when French is shown. */
export const messages = mergeCatalogs(import.meta.glob('../../../**/locales/fr.json', { eager: true, import: 'default' }));
export { dateLocale };
