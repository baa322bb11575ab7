import { defineMessages } from '../i18n/defineMessages.tsx';
import english from './en.json';

/** shared's messages (ui, format, api errors): `t('shared.…')` (see shared/i18n). */
export const { t, useT, Trans } = defineMessages(english);
