import { defineMessages } from '../../../i18n/defineMessages.tsx';
import english from './en.json';

/** Mentions' messages (the composer's suggestions, the highlight, the channel list's badge): `t('mentions.…')`. */
export const { t, useT } = defineMessages(english);
