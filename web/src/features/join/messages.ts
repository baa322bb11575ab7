import { t } from './locales/index.ts';

/** Join-by-link strings of spec 002 §8 (features/join/locales), in the language shown when called. */
export const JOIN_MESSAGES = {
  joined: (name: string) => t('join.joined', { name }),
  failed: () => t('join.failed'),
} as const;
