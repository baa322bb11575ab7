import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { type ReactNode, useState } from 'react';
import { AddReaction } from './AddReaction.tsx';
import { EditMessage } from './EditMessage.tsx';
import { useT } from './locales/index.ts';
import { messageTime } from './messageTime.ts';
import { Reactions } from './Reactions.tsx';
import type { MessageActionsApi } from './useMessageActions.ts';

/** What a message's actions read of it (both kinds of message have it all). */
export interface ActionableMessage {
  _id: string;
  content: string;
  sender: { _id: string };
  pending?: boolean;
  deleted?: boolean;
  isEdited?: boolean;
  updatedAt?: string;
  reactions?: { emoji: string; count: number; users: string[] }[];
}

const toolButton =
  'rounded-md p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-green-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

/**
 * The actions over a message, top right: React, and Edit and Delete where the reader may. Shown
 * while the message is hovered (a tap on a touch screen) or holds the focus, so a keyboard reaches
 * them in order and a reader is not shown a toolbar on every line.
 */
function MessageToolbar<M extends ActionableMessage>({ message, actions }: { message: M; actions: MessageActionsApi<M> }) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons over a message, not form fields a fieldset groups
    <div
      role="group"
      aria-label={t('conversation.actions')}
      className={`absolute -top-3 right-3 z-10 flex rounded-lg border border-slate-200 bg-white p-0.5 shadow-sm transition-opacity dark:border-slate-700 dark:bg-slate-900 ${
        picking ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 group-focus-within:opacity-100'
      }`}
    >
      <AddReaction className={toolButton} onPick={(emoji) => actions.toggleReaction(message, emoji)} onOpenChange={setPicking} />
      {actions.canEdit(message) && (
        <button
          type="button"
          aria-label={t('conversation.edit')}
          title={t('conversation.edit')}
          onClick={() => actions.startEdit(message)}
          className={toolButton}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
      {actions.canDelete(message) && (
        <button
          type="button"
          aria-label={t('conversation.delete')}
          title={t('conversation.delete')}
          onClick={() => actions.requestDelete(message)}
          className={`${toolButton} hover:text-red-600 dark:hover:text-red-400`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** '(edited)' after an edited message's text, its time in the title. */
export function EditedMark({ message }: { message: ActionableMessage }) {
  const t = useT();
  if (!message.isEdited || message.deleted || !message.updatedAt) return null;
  return (
    <span
      title={t('conversation.editedAt', { time: messageTime(message.updatedAt) })}
      className="ml-1 text-xs text-slate-500 dark:text-slate-400"
    >
      {t('conversation.edited')}
    </span>
  );
}

interface MessageBodyProps<M extends ActionableMessage> {
  message: M;
  actions: MessageActionsApi<M> | undefined;
  /** The message's text as the list draws it. */
  children: ReactNode;
}

/**
 * A message's body with its later state: a tombstone ('This message was deleted', no actions), the
 * edit box in its place, or the text with its reactions and actions. Its list item is the
 * `group relative` the toolbar hangs from.
 */
export function MessageBody<M extends ActionableMessage>({ message, actions, children }: MessageBodyProps<M>) {
  const t = useT();
  if (message.deleted) return <p className="text-sm text-slate-500 italic dark:text-slate-400">{t('conversation.deleted')}</p>;
  if (!actions) return children;
  if (actions.editingId === message._id) {
    return <EditMessage content={message.content} onSave={(content) => actions.saveEdit(message, content)} onCancel={actions.cancelEdit} />;
  }
  return (
    <>
      {children}
      <Reactions
        reactions={message.reactions ?? []}
        userId={actions.userId}
        nameOf={actions.nameOf}
        onToggle={(emoji) => actions.toggleReaction(message, emoji)}
      />
      {!message.pending && <MessageToolbar message={message} actions={actions} />}
    </>
  );
}
