import type { DraftType } from '@commonwork/contracts';
import History from 'lucide-react/icons/history';
import Loader2 from 'lucide-react/icons/loader-2';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatRelativeTimeLong } from '../../shared/format/index.ts';
import { buttonPrimary, buttonSecondary } from '../../shared/ui/classes.ts';
import { toast } from '../../shared/ui/toast.ts';
import { openDraft, useDrafts } from './api.ts';
import { useT } from './locales/index.ts';
import { SAVED_TEXT } from './messages.ts';

/**
 * A create form opened anew, while the person has an unfinished draft of its kind: offers the last
 * one changed (Resume opens it here, as Saved Items' Edit does) or an empty form (Start fresh).
 * When the form's own draft (`ownDraftId`, chosen when it opened) was saved without the form
 * knowing (the page left mid-save, then reloaded or come back to), it is opened at once instead.
 * Rendered only while the form has no saved draft; nothing shows while the list loads or fails.
 */
export function ResumeDraftOffer({ type, ownDraftId }: { type: DraftType; ownDraftId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const drafts = useDrafts();
  const [dismissed, setDismissed] = useState(false);
  const [opening, setOpening] = useState(false);
  const mine = (drafts.data ?? []).filter((d) => d.type === type);
  const own = mine.some((d) => d.id === ownDraftId);
  const latest = mine[0];

  const resume = async (id: string) => {
    setOpening(true);
    try {
      await openDraft(navigate, id, { replace: true });
    } catch {
      toast.error(SAVED_TEXT.loadFailed());
      setOpening(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, when the list shows the form's own draft
  useEffect(() => {
    if (own) void resume(ownDraftId);
  }, [own, ownDraftId]);

  if (dismissed || own || !latest) return null;

  return (
    <section
      aria-label={t('saved.resume.label')}
      className="mt-4 flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-4 sm:flex-row sm:items-center dark:border-green-900 dark:bg-green-950/40"
    >
      <History className="hidden h-5 w-5 shrink-0 text-green-700 sm:block dark:text-green-400" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm text-slate-700 dark:text-slate-200">
        <p className="break-words">{SAVED_TEXT.resumeOffer(latest.title, formatRelativeTimeLong(latest.lastModified))}</p>
        {mine.length > 1 && (
          <Link to="/saved" className="font-medium text-green-700 underline dark:text-green-400">
            {SAVED_TEXT.moreDrafts(mine.length - 1)}
          </Link>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <button type="button" className={buttonSecondary} onClick={() => setDismissed(true)} disabled={opening}>
          {t('saved.resume.fresh')}
        </button>
        <button type="button" className={buttonPrimary} onClick={() => void resume(latest.id)} disabled={opening}>
          {opening && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {t('saved.resume.resume')}
        </button>
      </div>
    </section>
  );
}
