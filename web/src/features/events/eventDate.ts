import type { TechEvent } from '@commonwork/contracts';
import { parseISO } from 'date-fns';
import { formatDate } from '../../shared/format/dates.ts';

/**
 * 'MMM dd, yyyy' of the event's own day (spec 001 §9); another language's medium date ('10. Mai 2030').
 * A module of its own: date-fns's `format` carries its locale, which the screens that show no date
 * (the event form) need not download.
 */
export const eventDate = (event: Pick<TechEvent, 'date'>) => formatDate(parseISO(event.date), 'MMM dd, yyyy', 'PP');
