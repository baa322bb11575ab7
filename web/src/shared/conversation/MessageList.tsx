import { type Attachment, messagePreview, type SystemLine } from '@commonwork/contracts';
import { useMutation } from '@tanstack/react-query';
import MessageSquare from 'lucide-react/icons/message-square';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { usePresence } from '../socket/index.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { buttonSecondary } from '../ui/classes.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { MessageAttachments } from './attachments/MessageAttachments.tsx';
import { LoadOlder } from './LoadOlder.tsx';
import { useT } from './locales/index.ts';
import { type ActionableMessage, EditedMark, MessageBody } from './MessageActions.tsx';
import { MentionText } from './mentions/MentionText.tsx';
import { type MentionCandidate, mentionsMe } from './mentions/mentions.ts';
import { continuesGroup, messageTime } from './messageTime.ts';
import { SystemLineItem } from './SystemLineItem.tsx';
import type { MessageActionsApi } from './useMessageActions.ts';

/** What the list shows of a channel or chat message. */
export interface ListedMessage extends ActionableMessage {
  _id: string;
  content: string;
  createdAt: string;
  sender: { _id: string; name: string; picture?: string; profilePicture?: string };
  pending?: boolean;
  /** The people it mentions (user ids), as the server resolved them. */
  mentions?: string[];
  attachments?: Attachment[];
  /** A line of the platform's (an order's step in a conversation): shown apart, with no actions. */
  system?: SystemLine | null;
  /** The integration (an incoming webhook) that posted it: its name is drawn with an App badge. */
  app?: { id: string; name: string } | null;
}

interface MessageListProps<M extends ListedMessage> {
  messages: M[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  userId: string | undefined;
  emptyText: string;
  /** The error line shown with Try Again (spec 002 §8). */
  errorText: string;
  /** Given while the server holds older messages: fetches the page before the oldest one into the cache. */
  onLoadOlder?: (() => Promise<void>) | undefined;
  /** Edit, delete and react (the reader's own messages, a moderator's any); none: the messages are only read. */
  actions?: MessageActionsApi<M> | undefined;
  /** Who its `@names` may be (a channel's members): the mentions are drawn out, a message mentioning the reader highlighted. */
  mentionable?: readonly MentionCandidate[] | undefined;
}

/** Near enough to the bottom that a new message should scroll into view. */
const STICK_PX = 120;

/** Where an element ends in the scroller's content, whatever the scroll position. */
function contentBottom(scroller: HTMLElement, element: Element): number {
  return element.getBoundingClientRect().bottom - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

/**
 * A conversation's messages, oldest first, with sender, time and live status dots. Render it with
 * the conversation id as `key`: each conversation opens at its newest message.
 */
export function MessageList<M extends ListedMessage>(props: MessageListProps<M>) {
  const { messages, isLoading, isError, onRetry, userId, emptyText, errorText, onLoadOlder } = props;
  const t = useT();
  const presence = usePresence();
  const scroller = useRef<HTMLElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const stuck = useRef(true);
  const first = useRef<{ element: Element; bottom: number } | null>(null);
  const older = useMutation({ mutationFn: async () => onLoadOlder?.() });
  const lastId = messages?.at(-1)?._id;
  const lastSender = messages?.at(-1)?.sender._id;

  // Messages put above the first one (an older page) must not move what the reader is looking at:
  // the scroll follows the end of the message that was first. Its end, not its top: with older
  // messages above, it may join their group and lose its name line. Measured after every render,
  // not only on new messages: the load-older row above the list changes height too.
  useLayoutEffect(() => {
    const el = scroller.current;
    const held = first.current;
    const now = list.current?.firstElementChild ?? null;
    if (el && held && now && held.element !== now && held.element.isConnected) {
      el.scrollTop += contentBottom(el, held.element) - held.bottom;
    }
    first.current = el && now ? { element: now, bottom: contentBottom(el, now) } : null;
  });

  // New messages scroll into view when the reader is at the bottom, or when they are the reader's own.
  // Keyed on the last message's id: an older page leaves it as it was, so it never scrolls.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !lastId) return;
    if (stuck.current || lastSender === userId) el.scrollTo({ top: el.scrollHeight });
  }, [lastId, lastSender, userId]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
  };

  return (
    // The browser's own scroll anchoring is off: the layout effect above does it, and both would double it.
    // Focusable, so a keyboard can scroll back through the history (messages hold no control to focus).
    <section
      ref={scroller}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label={t('conversation.history')}
      className="min-h-0 flex-1 overflow-y-auto py-3 [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-green-600"
    >
      {isLoading && (
        <div className="flex h-full items-center justify-center" role="status" aria-label={t('conversation.loadingMessages')}>
          <Spinner className="h-6 w-6" />
        </div>
      )}
      {isError && !messages && (
        <div className="flex h-full flex-col items-center justify-center gap-3 px-4 text-center" role="alert">
          <p className="text-sm text-red-600 dark:text-red-400">{errorText}</p>
          <button type="button" onClick={onRetry} className={buttonSecondary}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            {t('conversation.tryAgain')}
          </button>
        </div>
      )}
      {messages && messages.length === 0 && (
        <div className="flex h-full flex-col items-center justify-center gap-2 px-4 text-center text-slate-500 dark:text-slate-400">
          <MessageSquare className="h-10 w-10 opacity-40" aria-hidden="true" />
          <p className="text-sm">{emptyText}</p>
        </div>
      )}
      {messages && messages.length > 0 && onLoadOlder && (
        <LoadOlder loading={older.isPending} failed={older.isError} onLoad={() => older.mutate()} errorText={errorText} />
      )}
      {messages && messages.length > 0 && (
        <ol ref={list} aria-label={t('conversation.messageList')} aria-live="polite" className="space-y-0.5">
          {messages.map((message, index) => {
            if (message.system)
              return <SystemLineItem key={message._id} line={message.system} content={message.content} createdAt={message.createdAt} />;
            // An app's posts may each name themselves (a webhook's `username`): a new name starts a new group.
            const grouped = continuesGroup(messages[index - 1], message) && messages[index - 1]?.sender.name === message.sender.name;
            const picture = message.sender.profilePicture || message.sender.picture;
            const status = presence.get(message.sender._id);
            return (
              <li
                key={message._id}
                data-message-id={message._id}
                aria-label={`${message.sender.name}: ${message.deleted ? t('conversation.deleted') : messagePreview(message)}`}
                className={`group relative flex gap-3 ${mentionsMe(message, userId) ? 'border-l-4 border-amber-400 bg-amber-50 pr-4 pl-3 dark:bg-amber-400/10' : 'px-4 hover:bg-slate-50 dark:hover:bg-slate-800/40'} ${grouped ? 'py-0.5' : 'pt-3 pb-0.5'} ${message.pending ? 'opacity-60' : ''}`}
              >
                {grouped ? (
                  <span className="w-9 shrink-0" aria-hidden="true" />
                ) : (
                  <span className="relative h-9 shrink-0">
                    <Avatar name={message.sender.name} picture={picture} className="h-9 w-9 text-xs" />
                    {status && status !== 'offline' && (
                      <span
                        aria-hidden="true"
                        className="absolute -right-0.5 -bottom-0.5 h-3 w-3 rounded-full border-2 border-white bg-green-500 dark:border-slate-900"
                      />
                    )}
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  {!grouped && (
                    <div className="flex items-baseline gap-2">
                      <span className="truncate text-sm font-semibold text-slate-900 dark:text-white">{message.sender.name}</span>
                      {message.app && (
                        <span
                          title={message.app.name}
                          className="shrink-0 self-center rounded bg-slate-200 px-1 py-px text-[10px] leading-4 font-bold tracking-wide text-slate-600 uppercase dark:bg-slate-700 dark:text-slate-300"
                        >
                          {t('conversation.app')}
                        </span>
                      )}
                      <time dateTime={message.createdAt} className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                        {messageTime(message.createdAt)}
                      </time>
                    </div>
                  )}
                  <MessageBody message={message} actions={props.actions}>
                    <p className="text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-200">
                      <MentionText content={message.content} mentions={message.mentions} people={props.mentionable} userId={userId} />
                      <EditedMark message={message} />
                    </p>
                    <MessageAttachments attachments={message.attachments} />
                  </MessageBody>
                  {message.pending && <span className="text-xs text-slate-500 dark:text-slate-400">{t('conversation.sending')}</span>}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
