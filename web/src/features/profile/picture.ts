import { t } from './locales/index.ts';

/** Spec 000 §5, the profile picture's own check: at most 5 MB of jpeg, jpg, png or webp. */
const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;

/** The check's words (features/profile/locales), in the language shown when called. */
export const PICTURE_CHECK_MESSAGES = {
  invalidType: () => t('profile.picture.invalidType', { types: TYPES.join(', ') }),
  tooLarge: () => t('profile.picture.tooLarge'),
  empty: () => t('profile.picture.empty'),
} as const;

export const PICTURE_TYPES: readonly string[] = TYPES;

/** Why a chosen file cannot be a profile picture, in the spec's words; null when it may be uploaded. */
export function pictureError(file: { size: number; type: string }): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return PICTURE_CHECK_MESSAGES.invalidType();
  if (file.size === 0) return PICTURE_CHECK_MESSAGES.empty();
  if (file.size > MAX_BYTES) return PICTURE_CHECK_MESSAGES.tooLarge();
  return null;
}
