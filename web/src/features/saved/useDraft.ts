import { type Draft, DraftConflictBody, type DraftType } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '../../shared/api/index.ts';
import { toast } from '../../shared/ui/toast.ts';
import { type DraftNavigationState, formKeyOf, invalidateDrafts, newDraftIdOf, saveDraft, updateDraft } from './api.ts';
import { differencesBetween } from './draftDiff.ts';
import { draftRefusal } from './draftRules.ts';
import { SAVED_TEXT } from './messages.ts';

/** How long typing must stop before a form saves itself ("a few seconds", issue 11). */
export const AUTOSAVE_DELAY_MS = 3_000;

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

interface DraftOptions<V extends FieldValues> {
  type: DraftType;
  // The forms' resolvers give them their own output types; only the values are read here.
  // biome-ignore lint/suspicious/noExplicitAny: any form of these values, whatever its resolver's output
  form: UseFormReturn<V, any, any>;
  /** The draft the form was opened with: from /saved, or the history entry of a reloaded form. */
  opened: DraftNavigationState | null;
  /** Whether the form keeps itself as a draft while it is filled in (the new gig and event forms). */
  autosave: boolean;
  /** The words for a new draft saved with the button (the gig form has its own, spec 001 §8), read when shown. */
  savedText?: () => string;
}

/** The stored draft a 409 answered with, when the save was refused because it changed elsewhere. */
function storedDraftOf(error: unknown): Draft | null {
  if (!isApiError(error) || error.status !== 409) return null;
  return DraftConflictBody.safeParse(error.body).data?.draft ?? null;
}

const titleOf = (values: FieldValues) => String(values.title ?? '').trim();

/**
 * A create form kept as a draft (spec 001 §4, issue 11): the draft button saves it and goes to /saved;
 * with `autosave`, it also saves itself AUTOSAVE_DELAY_MS after typing stops (and when the tab is
 * hidden or the form left), once it has a title. Every save is based on the version last saved here,
 * one at a time: a newer save from another tab is refused by the server (409), and the person
 * chooses between the two versions (`conflict`). The history entry carries the saved draft, so a
 * reload reopens it.
 */
export function useDraft<V extends FieldValues>({ type, form, opened, autosave, savedText = SAVED_TEXT.saved }: DraftOptions<V>) {
  const navigate = useNavigate();
  const { pathname, state: entryState } = useLocation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DraftStatus>('idle');
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Draft | null>(null);
  const [draftId, setDraftId] = useState(opened?.draftId ?? null);

  const last = useRef({ id: opened?.draftId ?? null, version: opened?.draftVersion ?? null, json: JSON.stringify(form.getValues()) });
  // The id this form's draft gets when first saved, chosen once and kept in the history entry: a
  // create sent again (its answer lost, the page left mid-save, then reloaded or come back to) is the
  // same draft, never a second one in Saved Items.
  const newDraftId = useRef(opened?.draftId ?? newDraftIdOf(entryState) ?? crypto.randomUUID());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // No save starts while a publication is under way (it would outlive or orphan the draft) or a conflict is open.
  const held = useRef(false);
  const mounted = useRef(true);
  const formKey = useRef(formKeyOf(opened));

  const remember = (draft: Pick<Draft, 'id' | 'version'>, data: FieldValues) => {
    last.current = { id: draft.id, version: draft.version, json: JSON.stringify(data) };
    setDraftId(draft.id);
    if (!mounted.current) return;
    const state: DraftNavigationState = {
      draftData: data,
      draftId: draft.id,
      draftVersion: draft.version,
      isEditingDraft: true,
      formKey: formKey.current,
    };
    navigate(pathname, { replace: true, state });
  };

  /** Saves the form as it is when its turn comes, from the version last saved here (or `version`). */
  const store = (version?: number) => {
    const job = async () => {
      const data = form.getValues();
      const { id } = last.current;
      setStatus('saving');
      try {
        const body = { title: titleOf(data), data };
        let draft = id
          ? await updateDraft(id, { ...body, version: version ?? last.current.version ?? undefined })
          : await saveDraft({ id: newDraftId.current, type, ...body });
        // An earlier create of this form had landed unseen and answered for this one: save on from it
        // (its version 1; a newer one means another tab took it up, and is a conflict like any other).
        if (!id && differencesBetween(data, draft.data).length > 0) {
          last.current = { ...last.current, id: draft.id, version: draft.version };
          draft = await updateDraft(draft.id, { ...body, version: 1 });
        }
        remember(draft, data);
        setStatus('saved');
        // Saved Items and the create forms' offer to resume read the list: it changed.
        void invalidateDrafts(queryClient);
        return draft;
      } catch (error) {
        const stored = storedDraftOf(error);
        if (stored && differencesBetween(data, stored.data).length === 0) {
          // Saved elsewhere with the same words: nothing to choose between.
          remember(stored, data);
          setStatus('saved');
          return stored;
        }
        if (stored) {
          held.current = true;
          setConflict(stored);
          setStatus('conflict');
        } else setStatus('failed');
        throw error;
      }
    };
    const run = queue.current.then(job, job);
    queue.current = run.catch(() => undefined);
    return run;
  };

  const cancelTimer = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };

  const autosaveNow = () => {
    cancelTimer();
    const values = form.getValues();
    if (held.current || !titleOf(values) || JSON.stringify(values) === last.current.json) return;
    store().catch(() => undefined); // the status shows how it went
  };
  // The subscription below outlives renders; it calls the latest closure.
  const autosaveLatest = useRef(autosaveNow);
  autosaveLatest.current = autosaveNow;

  useEffect(() => {
    if (!autosave || last.current.id || newDraftIdOf(entryState) === newDraftId.current) return;
    navigate(pathname, { replace: true, state: { ...(entryState as object | null), newDraftId: newDraftId.current } });
  }, [autosave, entryState, navigate, pathname]);

  useEffect(() => {
    mounted.current = true;
    if (!autosave) return;
    const subscription = form.watch(() => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => autosaveLatest.current(), AUTOSAVE_DELAY_MS);
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && timer.current) autosaveLatest.current();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      subscription.unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      mounted.current = false;
      // Leaving the form keeps what was typed since the last save.
      if (timer.current) autosaveLatest.current();
    };
  }, [autosave, form]);

  /**
   * The draft button: only a draft's own limits are checked (a title; never the publish rules, a
   * draft is a form half done), then the draft is saved and /saved opens.
   */
  const save = async () => {
    const refusal = draftRefusal(form.getValues());
    if (refusal) {
      toast.error(refusal);
      return;
    }
    cancelTimer();
    const isNew = last.current.id === null;
    setSaving(true);
    try {
      await store();
      toast.success(isNew ? savedText() : SAVED_TEXT.updated());
      await invalidateDrafts(queryClient);
      navigate('/saved');
    } catch (error) {
      if (!storedDraftOf(error)) toast.error(isNew ? SAVED_TEXT.saveFailed() : SAVED_TEXT.updateFailed());
    } finally {
      setSaving(false);
    }
  };

  /** Before publishing: no save pending, running or started meanwhile; the draft to remove, if any. */
  const settle = async () => {
    held.current = true;
    cancelTimer();
    await queue.current;
    return last.current.id;
  };
  /** The publication failed: the form goes on saving itself. */
  const resume = () => {
    held.current = conflict !== null;
  };

  /** The conflict settled with this tab's version, saved over the newer one on purpose. */
  const keepMine = async () => {
    if (!conflict) return;
    const theirs = conflict;
    setConflict(null);
    held.current = false;
    try {
      await store(theirs.version);
      toast.success(SAVED_TEXT.updated());
    } catch (error) {
      if (!storedDraftOf(error)) toast.error(SAVED_TEXT.updateFailed());
    }
  };

  /** The conflict settled with the other version: the form takes it, and goes on from its version. */
  const takeTheirs = () => {
    if (!conflict) return;
    const theirs = conflict;
    setConflict(null);
    held.current = false;
    form.reset(theirs.data as V);
    remember(theirs, form.getValues());
    setStatus('saved');
  };

  return {
    /** The saved draft this form is, once it is one. */
    draftId,
    /** The id this form's draft has, or will have once saved. */
    ownDraftId: newDraftId.current,
    status,
    saving,
    save,
    retry: autosaveNow,
    settle,
    resume,
    conflict: conflict && { theirs: conflict, mine: form.getValues(), keepMine, takeTheirs },
  };
}

export type DraftControl = ReturnType<typeof useDraft>;
