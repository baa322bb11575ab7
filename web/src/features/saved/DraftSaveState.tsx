import { DRAFT_MESSAGES } from '@commonwork/contracts';
import AlertTriangle from 'lucide-react/icons/alert-triangle';
import Check from 'lucide-react/icons/check';
import CloudOff from 'lucide-react/icons/cloud-off';
import Loader2 from 'lucide-react/icons/loader-2';
import { useEffect, useState } from 'react';
import { formatRelativeTimeLong } from '../../shared/format/index.ts';
import { buttonPrimary, buttonSecondary } from '../../shared/ui/classes.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { differencesBetween } from './draftDiff.ts';
import type { DraftControl } from './useDraft.ts';

/** The most fields listed side by side; a form rarely differs in more, and the rest are counted. */
const FIELDS_SHOWN = 12;
const shown = (text: string) => (text === '' ? '(empty)' : text);

/**
 * Where a self-saving form stands: "Saving...", "Saved", not saved (with Retry), or changed in
 * another tab, which opens both versions to choose from (closing it leaves the choice for later).
 */
export function DraftSaveState({ draft }: { draft: DraftControl }) {
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
            Saving...
          </>
        )}
        {draft.status === 'saved' && (
          <>
            <Check className="h-4 w-4 text-green-600" aria-hidden="true" />
            Saved
          </>
        )}
        {draft.status === 'failed' && (
          <>
            <CloudOff className="h-4 w-4 text-red-600" aria-hidden="true" />
            Not saved.
            <button type="button" className="font-semibold text-green-700 underline dark:text-green-400" onClick={draft.retry}>
              Retry
            </button>
          </>
        )}
        {draft.status === 'conflict' && (
          <>
            <AlertTriangle className="h-4 w-4 text-amber-600" aria-hidden="true" />
            Changed in another tab.
            <button type="button" className="font-semibold text-green-700 underline dark:text-green-400" onClick={() => setComparing(true)}>
              Compare versions
            </button>
          </>
        )}
      </p>
      {conflict && (
        <Modal
          open={comparing}
          title={DRAFT_MESSAGES.changedElsewhere}
          description={`The other version was saved ${formatRelativeTimeLong(conflict.theirs.lastModified)}. Choose the one to keep.`}
          onClose={() => setComparing(false)}
        >
          <VersionsCompared mine={conflict.mine} theirs={conflict.theirs.data} />
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={conflict.takeTheirs}>
              Use the other version
            </button>
            <button type="button" className={buttonPrimary} onClick={() => void conflict.keepMine()}>
              Keep this tab's version
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

function VersionsCompared({ mine, theirs }: { mine: object; theirs: object }) {
  const differences = differencesBetween(mine, theirs);
  const hidden = differences.length - FIELDS_SHOWN;
  return (
    <div className="space-y-2">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Fields that differ between the two versions</caption>
        <thead className="text-xs uppercase text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className="w-1/4 pb-1">
              Field
            </th>
            <th scope="col" className="pb-1">
              This tab
            </th>
            <th scope="col" className="pb-1">
              Other version
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
      {hidden > 0 && <p className="text-xs text-slate-500 dark:text-slate-400">and {hidden} more fields</p>}
    </div>
  );
}
