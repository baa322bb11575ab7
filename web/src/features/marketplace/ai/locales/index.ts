import { defineMessages } from '../../../../shared/i18n/index.ts';
import english from './en.json';

/** The AI panel's reading of a search (`marketplace.aiReading.…`), apart from browse's catalog: only the marketplace page carries it. */
export const { t, useT, Trans } = defineMessages(english);
