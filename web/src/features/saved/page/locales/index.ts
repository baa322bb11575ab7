import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/**
 * The Saved Items screen's own messages: `t('saved.…')` (see shared/i18n). Apart from ../../locales
 * (the draft state and offer every create form shows), so the forms' pages do not carry them.
 */
export const { t, useT, Trans } = defineMessages(english);
