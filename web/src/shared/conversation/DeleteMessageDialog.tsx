import Trash2 from 'lucide-react/icons/trash-2';
import { buttonDanger } from '../ui/buttonDanger.ts';
import { buttonSecondary } from '../ui/classes.ts';
import { Modal } from '../ui/Modal.tsx';
import { useT } from './locales/index.ts';

interface DeleteMessageDialogProps {
  /** The message to delete; the dialog is open while there is one. */
  message: { content: string } | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** 'Delete this message?', with the message quoted so the person sees which one. */
export function DeleteMessageDialog({ message, onClose, onConfirm }: DeleteMessageDialogProps) {
  const t = useT();
  return (
    <Modal open={message !== null} title={t('conversation.deleteTitle')} description={t('conversation.deleteText')} onClose={onClose}>
      {message && (
        <>
          <blockquote className="line-clamp-4 rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200">
            {message.content}
          </blockquote>
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={onClose}>
              {t('conversation.cancel')}
            </button>
            <button type="button" className={buttonDanger} onClick={onConfirm}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('conversation.deleteConfirm')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
