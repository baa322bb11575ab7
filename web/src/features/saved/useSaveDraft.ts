import type { DraftType } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../shared/api/index.ts';
import { type DraftNavigationState, invalidateDrafts, saveDraft, updateDraft } from './api.ts';
import { SAVED_TEXT } from './messages.ts';

/**
 * A form's draft button (spec 001 §4, §8): a title is needed; inside a draft being edited it saves
 * that draft from the version it was opened at (a newer save elsewhere is refused, not overwritten),
 * otherwise it saves a new one; then /saved.
 */
export function useSaveDraft(type: DraftType, draft: DraftNavigationState | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const save = async (title: string, data: object) => {
    if (!title.trim()) {
      toast.error(SAVED_TEXT.titleNeeded);
      return;
    }
    setSaving(true);
    try {
      const form = data as Record<string, unknown>;
      if (draft) await updateDraft(draft.draftId, { title, data: form, version: draft.draftVersion });
      else await saveDraft({ type, title, data: form });
      toast.success(draft ? SAVED_TEXT.updated : SAVED_TEXT.saved);
      await invalidateDrafts(queryClient);
      navigate('/saved');
    } catch (error) {
      const fallback = draft ? SAVED_TEXT.updateFailed : SAVED_TEXT.saveFailed;
      toast.error(isApiError(error) && error.status === 409 ? error.message : fallback);
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
