import type { TechEvent } from '@commonwork/contracts';
import { format, parseISO } from 'date-fns';

/**
 * 'MMM dd, yyyy' of the event's own day (spec 001 §9). A module of its own: date-fns's `format`
 * carries its locale, which the screens that show no date (the event form) need not download.
 */
export const eventDate = (event: Pick<TechEvent, 'date'>) => format(parseISO(event.date), 'MMM dd, yyyy');
