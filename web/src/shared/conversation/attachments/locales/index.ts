import { defineMessages } from '../../../i18n/defineMessages.tsx';
import english from './en.json';

/** Attachments' messages (the composer's attach button and chips, the files drawn in messages): `t('attachments.…')`. */
export const { t, useT } = defineMessages(english);
