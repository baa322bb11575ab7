import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { Link } from 'react-router-dom';
import { useT } from '../locales/index.ts';

const iconButton =
  'rounded-lg p-2 text-slate-500 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-green-600 dark:text-slate-400 dark:hover:bg-slate-800';

/** A card's edit link and delete button, for its owner (`noun`: 'gig', 'event'). */
export function OwnerActions({ title, noun, editTo, onDelete }: { title: string; noun: string; editTo: string; onDelete: () => void }) {
  const t = useT();
  return (
    <>
      <Link
        to={editTo}
        className={iconButton}
        aria-label={t('shared.owner.editLabel', { title })}
        title={t('shared.owner.editTitle', { noun })}
      >
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </Link>
      <button
        type="button"
        onClick={onDelete}
        className={`${iconButton} hover:text-red-600 dark:hover:text-red-400`}
        aria-label={t('shared.owner.deleteLabel', { title })}
        title={t('shared.owner.deleteTitle', { noun })}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </button>
    </>
  );
}
