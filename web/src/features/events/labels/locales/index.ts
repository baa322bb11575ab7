import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/**
 * The events' category and location-type names, which the listing, the detail and the form all show:
 * `t('events.category.…')`. A catalog of their own so the form carries them without the listing's words.
 */
export const { t, useT, Trans } = defineMessages(english);
