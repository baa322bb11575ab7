import { t } from './locales/index.ts';

/** Inbox words another area shows (the marketplace's Contact): spec 002 §8, in the language shown. */
export const INBOX_MESSAGES = {
  chatStarted: (name: string) => t('inbox.chatStarted', { name }),
} as const;
