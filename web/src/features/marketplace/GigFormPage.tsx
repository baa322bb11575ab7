import { type Gig, GigInput } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import FileText from 'lucide-react/icons/file-text';
import Loader2 from 'lucide-react/icons/loader-2';
import Rocket from 'lucide-react/icons/rocket';
import Save from 'lucide-react/icons/save';
import { useEffect, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { isApiError } from '../../shared/api/index.ts';
import { buttonGhost, buttonPrimary, buttonSecondary } from '../../shared/ui/classes.ts';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { type DraftNavigationState, draftStateOf, formKeyOf } from '../saved/api.ts';
import { DraftSaveState } from '../saved/DraftSaveState.tsx';
import { ResumeDraftOffer } from '../saved/ResumeDraftOffer.tsx';
import { useDraft } from '../saved/useDraft.ts';
import { createGig, GIGS_KEY, updateGig, useGig } from './api.ts';
import { GIG_FORM_MESSAGES } from './formMessages.ts';
import { GigFormFields } from './GigFormFields.tsx';
import { gigIdOf, isOwner } from './gigDisplay.ts';
import { EMPTY_GIG_FORM, firstErrorMessage, formValuesOf, type GigFormValues, isGigFormField, toGigBody } from './gigForm.ts';
import { useT } from './locales/index.ts';

const M = GIG_FORM_MESSAGES;

type GigBody = z.output<typeof GigInput>;
type SaveAction = 'draft' | 'publish';

// The contracts schema is the form's rules: its messages, in its order (spec 001 §5). The form holds
// every field of the schema but `status` (chosen by the button), so the resolver is typed for it.
const resolver = zodResolver(GigInput) as unknown as Resolver<GigFormValues, unknown, GigBody>;

/** /marketplace/create; opened from /saved, it continues that draft (spec 001 §2 carried state). */
export function CreateGigPage() {
  const draft = draftStateOf(useLocation().state);
  return <GigForm initial={null} draft={draft} key={formKeyOf(draft)} />;
}

/** /marketplace/:id/edit: the same form, prefilled; a failed load returns to /marketplace. */
export function EditGigPage() {
  const t = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const query = useGig(id);

  useEffect(() => {
    if (!query.isError) return;
    toast.error(M.loadFailed());
    navigate('/marketplace', { replace: true });
  }, [query.isError, navigate]);

  if (query.isPending || query.isError) return <LoadingScreen label={t('marketplace.form.loading')} />;
  if (!isOwner(query.data, user?.id)) return <NotYourGig id={gigIdOf(query.data)} />;
  return <GigForm initial={query.data} draft={null} />;
}

/** The id of the form's one error toast (react-hot-toast replaces a toast shown with the same id). */
const FORM_TOAST = 'gig-form';

function GigForm({ initial, draft }: { initial: Gig | null; draft: DraftNavigationState | null }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = initial !== null;
  const [saving, setSaving] = useState<SaveAction | null>(null);
  const form = useForm<GigFormValues, unknown, GigBody>({
    resolver,
    defaultValues: initial ? formValuesOf(initial) : { ...EMPTY_GIG_FORM, ...(draft?.draftData as Partial<GigFormValues>) },
  });
  // A new gig's draft is a saved draft (/saved), like an event's; an existing gig's "draft" takes it down.
  const savedDraft = useDraft({ type: 'gig', form, opened: draft, autosave: !editing, savedText: M.draftSaved });

  const onInvalid = (errors: FieldErrors<GigFormValues>) => {
    const message = firstErrorMessage(errors);
    // One toast for the form's state: each attempt replaces the last instead of adding to a pile.
    if (message) toast.error(message, { id: FORM_TOAST });
  };

  const save = (action: SaveAction) =>
    form.handleSubmit(async (values) => {
      const status = action === 'draft' ? 'draft' : 'active';
      setSaving(action);
      try {
        const body = toGigBody(values, status);
        // Published from a saved draft: the server removes the draft once the gig is out.
        const draftId = initial ? null : await savedDraft.settle();
        const { gig } = initial ? await updateGig(gigIdOf(initial), body) : await createGig(draftId ? { ...body, draftId } : body);
        toast.success(action === 'draft' ? M.draftSaved() : editing ? M.updated() : M.published());
        // Lists reload when next shown; the detail page opens with the saved gig (and refreshes it once).
        queryClient.setQueryData([...GIGS_KEY, 'detail', gigIdOf(gig)], gig);
        void queryClient.invalidateQueries({ queryKey: GIGS_KEY, refetchType: 'none' });
        navigate(`/marketplace/${gigIdOf(gig)}`);
      } catch (err) {
        if (isApiError(err)) {
          for (const d of err.details) if (isGigFormField(d.field)) form.setError(d.field, { message: d.message });
        }
        toast.error(action === 'draft' ? M.draftFailed() : M.saveFailed(), { id: FORM_TOAST });
        savedDraft.resume();
      } finally {
        setSaving(null);
      }
    }, onInvalid);

  const back = () => navigate(initial ? `/marketplace/${gigIdOf(initial)}` : '/marketplace');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <button type="button" className={`${buttonGhost} -ml-3`} onClick={back}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {initial ? t('marketplace.form.backToGig') : t('marketplace.form.backToMarketplace')}
        </button>
        <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          {editing ? t('marketplace.form.editTitle') : t('marketplace.form.createTitle')}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {editing ? t('marketplace.form.editIntro') : t('marketplace.form.createIntro')}
        </p>
        {!editing && <DraftSaveState draft={savedDraft} />}
        {!editing && savedDraft.draftId === null && <ResumeDraftOffer type="gig" ownDraftId={savedDraft.ownDraftId} />}
      </div>

      <form
        onSubmit={save('publish')}
        noValidate
        className="space-y-6"
        aria-label={editing ? t('marketplace.form.editLabel') : t('marketplace.form.createLabel')}
      >
        <GigFormFields form={form} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonSecondary} onClick={back} disabled={saving !== null}>
            {t('marketplace.form.cancel')}
          </button>
          {/* A new gig's draft is a saved form, kept as it is (only a title needed); an existing gig's
              draft takes the gig down, so it passes the gig's checks. */}
          <button
            type="button"
            className={buttonSecondary}
            onClick={editing ? save('draft') : () => void savedDraft.save()}
            disabled={saving !== null || savedDraft.saving}
          >
            {saving === 'draft' || savedDraft.saving ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <FileText className="h-4 w-4" aria-hidden="true" />
            )}
            {savedDraft.draftId ? t('marketplace.form.updateDraft') : t('marketplace.form.saveDraft')}
          </button>
          <button type="submit" className={buttonPrimary} disabled={saving !== null}>
            {saving === 'publish' ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : editing ? (
              <Save className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Rocket className="h-4 w-4" aria-hidden="true" />
            )}
            {editing ? t('marketplace.form.update') : t('marketplace.form.publish')}
          </button>
        </div>
      </form>
    </div>
  );
}

function NotYourGig({ id }: { id: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('marketplace.form.notYoursTitle')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('marketplace.form.notYoursText')}</p>
      <button type="button" className={`${buttonPrimary} mt-6`} onClick={() => navigate(`/marketplace/${id}`)}>
        {t('marketplace.form.viewGig')}
      </button>
    </div>
  );
}
