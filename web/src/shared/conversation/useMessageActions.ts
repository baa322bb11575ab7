import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../api/index.ts';
import { toast } from '../ui/toast.ts';
import { editedCopy, hasReacted, tombstoneOf, withChangedMessage, withChangeUndone, withReaction } from './changes.ts';
import { t } from './locales/index.ts';
import type { ConversationKind, ConversationSource, MessageOf } from './source.ts';

/** Someone who may appear in a conversation's reactions (a channel member, a chat participant). */
export interface Person {
  _id: string;
  name: string;
}

export interface ActionOptions {
  userId: string | undefined;
  /** May delete anyone's message (a channel's admins and creator); everyone may delete their own. */
  canModerate: boolean;
  /** Known names, for who reacted (senders of the messages held are known too). */
  people: readonly Person[];
  /** Where the focus goes when an edit or a deletion ends (the message box). */
  focusComposer: () => void;
}

/** What the message list needs to draw and run a message's actions. */
export interface MessageActionsApi<M> {
  userId: string | undefined;
  editingId: string | null;
  canEdit: (message: M) => boolean;
  canDelete: (message: M) => boolean;
  startEdit: (message: M) => void;
  cancelEdit: () => void;
  saveEdit: (message: M, content: string) => void;
  requestDelete: (message: M) => void;
  toggleReaction: (message: M, emoji: string) => void;
  /** A reacting person's name: 'You', a known name, else 'Someone'. */
  nameOf: (userId: string) => string;
}

/** Whether a message can take a change at all: sent (not a copy on its way) and not deleted. */
const changeable = (message: { pending?: boolean; deleted: boolean }) => !message.pending && !message.deleted;

/**
 * Edit, delete and react, for channels and chats alike: each change shows at once (an optimistic
 * copy), then the server's message takes its place; on refusal the message is put back as it was,
 * unless a newer revision replaced it meanwhile, and the server's sentence is shown (its 400/403/409).
 */
export function useMessageActions<K extends ConversationKind>(
  source: ConversationSource<K>,
  conversationId: string,
  messages: readonly MessageOf<K>[] | undefined,
  options: ActionOptions,
) {
  const { userId, canModerate, people, focusComposer } = options;
  const queryClient = useQueryClient();
  // Kept with its conversation: the pane stays as another conversation opens, and an edit box must not follow.
  const [editing, setEditing] = useState<{ conversationId: string; messageId: string } | null>(null);
  const editingId = editing?.conversationId === conversationId ? editing.messageId : null;
  const setEditingId = (messageId: string | null) => setEditing(messageId ? { conversationId, messageId } : null);
  const [deleting, setDeleting] = useState<MessageOf<K> | null>(null);

  const change = useCallback(
    (before: MessageOf<K>, copy: MessageOf<K>, request: () => Promise<MessageOf<K>>, failed: string) => {
      const key = source.messagesKey(conversationId);
      const put = (swap: (held: readonly MessageOf<K>[]) => readonly MessageOf<K>[]) =>
        queryClient.setQueryData<readonly MessageOf<K>[]>(key, (held) => (held ? swap(held) : held));
      put((held) => held.map((m) => (m._id === before._id ? copy : m)));
      request().then(
        (message) => put((held) => withChangedMessage(held, message)),
        (error: unknown) => {
          put((held) => withChangeUndone(held, before));
          toast.error(errorMessage(error, failed));
        },
      );
    },
    [queryClient, source, conversationId],
  );

  const canEdit = useCallback((m: MessageOf<K>) => changeable(m) && m.sender._id === userId, [userId]);
  const canDelete = useCallback((m: MessageOf<K>) => changeable(m) && (m.sender._id === userId || canModerate), [userId, canModerate]);

  const names = useMemo(() => {
    const known = new Map<string, string>();
    for (const m of messages ?? []) known.set(m.sender._id, m.sender.name);
    for (const p of people) known.set(p._id, p.name);
    return known;
  }, [messages, people]);

  const api: MessageActionsApi<MessageOf<K>> = {
    userId,
    editingId,
    canEdit,
    canDelete,
    startEdit: (message) => setEditingId(message._id),
    cancelEdit: () => {
      setEditingId(null);
      focusComposer();
    },
    saveEdit: (message, content) => {
      setEditingId(null);
      focusComposer();
      if (content === message.content) return;
      change(
        message,
        editedCopy(message, content, new Date()),
        () => source.editMessage(conversationId, message._id, content),
        t('conversation.editFailed'),
      );
    },
    requestDelete: setDeleting,
    toggleReaction: (message, emoji) => {
      if (!userId || !changeable(message)) return;
      const on = !message.reactions.some((r) => r.emoji === emoji && hasReacted(r, userId));
      const copy = { ...message, reactions: withReaction(message.reactions, emoji, userId, on) };
      change(message, copy, () => source.react(conversationId, message._id, emoji, on), t('conversation.reactFailed'));
    },
    nameOf: (id) => (id === userId ? t('conversation.you') : (names.get(id) ?? t('conversation.someone'))),
  };

  /**
   * Slack's habit: the Up arrow in an empty box edits the person's last message; false when there is
   * none, or while it is still being sent (never the one before it instead: the box was just sent from).
   */
  const editLast = () => {
    const last = messages?.findLast((m) => m.sender._id === userId && !m.deleted);
    if (!last || !canEdit(last)) return false;
    setEditingId(last._id);
    return true;
  };

  const deletion = {
    message: deleting,
    close: () => setDeleting(null),
    confirm: () => {
      if (!deleting) return;
      setDeleting(null);
      focusComposer();
      change(
        deleting,
        tombstoneOf(deleting, new Date()),
        () => source.deleteMessage(conversationId, deleting._id),
        t('conversation.deleteFailed'),
      );
    },
  };

  return { api, editLast, deletion };
}
