import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/**
 * The event form's messages (its fields, its toasts and the contracts' validation messages its fields
 * show): `t('events.form.…')`. A catalog of its own so the listing and the detail do not carry them,
 * nor the form the listing's and the detail's.
 */
export const { t, useT, Trans } = defineMessages(english);
