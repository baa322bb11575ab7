import AlertTriangle from 'lucide-react/icons/alert-triangle';
import Check from 'lucide-react/icons/check';
import CloudOff from 'lucide-react/icons/cloud-off';
import Loader2 from 'lucide-react/icons/loader-2';
import { useEffect, useState } from 'react';
import { formatRelativeTimeLong } from '../../shared/format/index.ts';
import { buttonPrimary, buttonSecondary } from '../../shared/ui/classes.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { differencesBetween } from './draftDiff.ts';
import { t, useT } from './locales/index.ts';
import { SAVED_TEXT } from './messages.ts';
import type { DraftControl } from './useDraft.ts';

/** The most fields listed side by side; a form rarely differs in more, and the rest are counted. */
const FIELDS_SHOWN = 12;
const shown = (text: string) => (text === '' ? t('saved.compare.empty') : text);

/**
 * Where a self-saving form stands: "Saving...", "Saved", not saved (with Retry), or changed in
 * another tab, which opens both versions to choose from (closing it leaves the choice for later).
 */
export function DraftSaveState({ draft }: { draft: DraftControl }) {
  const t = useT();
  const [comparing, setComparing] = useState(false);
  const { conflict } = draft;
  // Opened by each new conflict (the control is rebuilt every render; the stored draft is not).
  const theirs = conflict?.theirs ?? null;
  useEffect(() => {
    setComparing(theirs !== null);
  }, [theirs]);

  return (
    <>
      <p role="status" aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        {draft.status === 'saving' && (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            {t('saved.state.saving')}
          </>
        )}
        {draft.status === 'saved' && (
          <>
            <Check className="h-4 w-4 text-green-600" aria-hidden="true" />
            {t('saved.state.saved')}
          </>
        )}
        {draft.status === 'failed' && (
          <>
            <CloudOff className="h-4 w-4 text-red-600" aria-hidden="true" />
            {t('saved.state.notSaved')}
            <button type="button" className="font-semibold text-green-700 underline dark:text-green-400" onClick={draft.retry}>
              {t('saved.state.retry')}
            </button>
          </>
        )}
        {draft.status === 'conflict' && (
          <>
            <AlertTriangle className="h-4 w-4 text-amber-600" aria-hidden="true" />
            {t('saved.state.changed')}
            <button type="button" className="font-semibold text-green-700 underline dark:text-green-400" onClick={() => setComparing(true)}>
              {t('saved.state.compare')}
            </button>
          </>
        )}
      </p>
      {conflict && (
        <Modal
          open={comparing}
          title={SAVED_TEXT.changedElsewhere()}
          description={t('saved.compare.description', { when: formatRelativeTimeLong(conflict.theirs.lastModified) })}
          onClose={() => setComparing(false)}
        >
          <VersionsCompared mine={conflict.mine} theirs={conflict.theirs.data} />
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={conflict.takeTheirs}>
              {t('saved.compare.takeTheirs')}
            </button>
            <button type="button" className={buttonPrimary} onClick={() => void conflict.keepMine()}>
              {t('saved.compare.keepMine')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

function VersionsCompared({ mine, theirs }: { mine: object; theirs: object }) {
  const t = useT();
  const differences = differencesBetween(mine, theirs);
  const hidden = differences.length - FIELDS_SHOWN;
  return (
    <div className="space-y-2">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{t('saved.compare.caption')}</caption>
        <thead className="text-xs uppercase text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className="w-1/4 pb-1">
              {t('saved.compare.field')}
            </th>
            <th scope="col" className="pb-1">
              {t('saved.compare.thisTab')}
            </th>
            <th scope="col" className="pb-1">
              {t('saved.compare.other')}
            </th>
          </tr>
        </thead>
        <tbody className="align-top">
          {differences.slice(0, FIELDS_SHOWN).map((d) => (
            <tr key={d.path} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="py-1 pr-2 font-medium break-words">
                {d.path}
              </th>
              <td className="py-1 pr-2 break-words line-clamp-4">{shown(d.mine)}</td>
              <td className="py-1 break-words line-clamp-4">{shown(d.theirs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hidden > 0 && <p className="text-xs text-slate-500 dark:text-slate-400">{t('saved.compare.more', { count: hidden })}</p>}
    </div>
  );
}
