import { type CreateDraftRequest, type Draft, type DraftType, draftsRoutes, type UpdateDraftRequest } from '@commonwork/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router-dom';
import { call } from '../../shared/api/index.ts';

export const DRAFTS_KEY = ['drafts'] as const;

/** The person's drafts, the last changed first (spec 002 §2 Saved). */
export function useDrafts() {
  return useQuery({
    queryKey: [...DRAFTS_KEY, 'list'],
    queryFn: ({ signal }) => call(draftsRoutes.list, { query: {}, signal }).then((body) => body.data),
  });
}

export const getDraft = (id: string) => call(draftsRoutes.get, { params: { id } }).then((body) => body.data);
export const saveDraft = (body: CreateDraftRequest) => call(draftsRoutes.create, { body }).then((answer) => answer.data);
export const updateDraft = (id: string, body: UpdateDraftRequest) =>
  call(draftsRoutes.update, { params: { id }, body }).then((answer) => answer.data);
export const deleteDraft = (id: string) => call(draftsRoutes.remove, { params: { id } });
export const invalidateDrafts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });

/** Where a draft is continued (spec 002 §2: the create form of its type). */
export const formPathOf = (type: DraftType) => (type === 'event' ? '/events/create' : '/marketplace/create');

/**
 * What a create form receives when a saved draft is opened (spec 001 §2): the form's data, the
 * draft's id and version, and that it is a draft being edited. A form that saves itself writes it
 * into its own history entry (so a reload reopens the draft), with `formKey`, the key the form was
 * opened under, so that doing so does not open the form anew.
 */
export interface DraftNavigationState {
  draftData: Record<string, unknown>;
  draftId: string;
  draftVersion: number;
  isEditingDraft: true;
  formKey?: string;
}

/**
 * A new create form's history entry: the id its draft will be saved under, chosen when the form
 * opens, so a reload or Back to the form continues the same draft instead of starting a second.
 */
export const newDraftIdOf = (state: unknown): string | null => {
  const id = (state as { newDraftId?: unknown } | null)?.newDraftId;
  return typeof id === 'string' ? id : null;
};

/** The key a create form is opened under: a new form, or the draft it was opened with from /saved. */
export const formKeyOf = (draft: DraftNavigationState | null) => draft?.formKey ?? draft?.draftId ?? 'new';

/** What a create form receives to continue a saved draft. */
export const openedDraftState = (draft: Draft): DraftNavigationState => ({
  draftData: draft.data,
  draftId: draft.id,
  draftVersion: draft.version,
  isEditingDraft: true,
});

/** Loads a saved draft and opens it in its create form (spec 002 §2 Edit); `replace` when offered in that form. */
export async function openDraft(navigate: NavigateFunction, id: string, options: { replace?: boolean } = {}) {
  const draft = await getDraft(id);
  navigate(formPathOf(draft.type), { replace: options.replace ?? false, state: openedDraftState(draft) });
}

export function draftStateOf(state: unknown): DraftNavigationState | null {
  const s = state as Partial<DraftNavigationState> | null;
  return s?.isEditingDraft && typeof s.draftId === 'string' && s.draftData ? (s as DraftNavigationState) : null;
}
