import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/** The sentences of server-made notifications, apart from the page's words: the browser alert loads them only when it shows one. */
export const { t, useT, Trans } = defineMessages(english);
