import { CreateDraftRequest, DRAFT_DATA_MAX_BYTES } from '@commonwork/contracts';
import { translateEnglish } from '../../shared/i18n/index.ts';
import { SAVED_TEXT } from './messages.ts';

/**
 * Why a form cannot be kept as a draft, or null when it can. A draft is a form half done, so only
 * a draft's own limits apply (a title, as spec 001 §5 asks, its length and the form's size, which
 * the drafts service also enforces); the publish rules never run on it.
 */
export function draftRefusal(values: object): string | null {
  const title = 'title' in values ? String(values.title ?? '').trim() : '';
  if (!title) return SAVED_TEXT.titleNeeded();
  const checked = CreateDraftRequest.shape.title.safeParse(title);
  // The schema's words are English: shown in the language on screen.
  if (!checked.success) return translateEnglish(checked.error.issues[0]?.message ?? SAVED_TEXT.saveFailed());
  if (new TextEncoder().encode(JSON.stringify(values)).length > DRAFT_DATA_MAX_BYTES) return SAVED_TEXT.tooLarge();

  return null;
}
