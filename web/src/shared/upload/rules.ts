import type { UploadType } from '@commonwork/contracts';
import { t } from '../locales/index.ts';

const MB = 1024 * 1024;

/** What the picker lets through before anything is sent (spec 001 §5: event images up to 5 MB, jpeg, png, webp). */
export const PICK_RULES: Record<UploadType, { maxMb: number; types: readonly string[] }> = {
  generic: { maxMb: 10, types: ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] },
  profile: { maxMb: 5, types: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] },
  event: { maxMb: 5, types: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] },
  gig: { maxMb: 6, types: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] },
};

/** The picker's own check, with the spec's words (contracts' UPLOAD_CLIENT_MESSAGES) in the language shown; null when the file may be sent. The server checks the bytes again. */
export function pickError(file: { size: number; type: string }, type: UploadType): string | null {
  const rules = PICK_RULES[type];
  if (!rules.types.includes(file.type)) return t('shared.upload.pickInvalidType');
  if (file.size > rules.maxMb * MB) return t('shared.upload.pickTooLarge', { maxMb: rules.maxMb });
  return null;
}

/** A failed upload, its message the one to show. */
export class UploadError extends Error {}
