import { defineMessages } from '../../i18n/defineMessages.tsx';
import english from './en.json';

/** The conversation module's messages, shared by the community and the inbox: `t('conversation.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
