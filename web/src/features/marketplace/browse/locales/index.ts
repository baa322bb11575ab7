import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/**
 * The marketplace's browsing screens' messages (listing, gig page, cards): `t('marketplace.…')` (see
 * shared/i18n). Apart from ../../locales (what the gig form needs too), so the form's page does not
 * carry them.
 */
export const { t, useT, Trans } = defineMessages(english);
