import type { Channel, MessageAuthor } from '@commonwork/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Hash from 'lucide-react/icons/hash';
import Lock from 'lucide-react/icons/lock';
import Pin from 'lucide-react/icons/pin';
import Settings from 'lucide-react/icons/settings';
import Star from 'lucide-react/icons/star';
import Users from 'lucide-react/icons/users';
import type { ReactNode } from 'react';
import { ConversationPane, type MessageOf } from '../../shared/conversation/index.ts';
import { channelConversations } from './api.ts';
import { useToggleMark } from './channelMarks.ts';
import { isChannelAdmin } from './channels.ts';
import { useT } from './locales/index.ts';
import { useChannelDelivery } from './useChannelDelivery.ts';

interface MessagePaneProps {
  channel: Channel;
  messages: UseQueryResult<MessageOf<'channel'>[]>;
  userId: string | undefined;
  /** The person sending, for the optimistic copy. */
  author: MessageAuthor | null;
  membersOpen: boolean;
  onToggleMembers: () => void;
  onOpenSettings: () => void;
  /** Small screens: back to the channel list. */
  onBack: () => void;
}

function HeaderButton({
  label,
  onClick,
  pressed,
  children,
}: {
  label: string;
  onClick?: () => void;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={`rounded-lg p-2 transition hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white ${
        pressed ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white' : 'text-slate-500 dark:text-slate-400'
      }`}
    >
      {children}
    </button>
  );
}

/** The selected channel: its header (name, members, settings), then the shared conversation pane. */
export function MessagePane(props: MessagePaneProps) {
  const t = useT();
  const { channel } = props;
  const deliver = useChannelDelivery();
  const toggleMark = useToggleMark();
  const Icon = channel.type === 'private' ? Lock : Hash;
  const header = (
    <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2.5 sm:px-4 dark:border-slate-800">
      <button
        type="button"
        onClick={props.onBack}
        aria-label={t('community.pane.back')}
        className="rounded-lg p-1.5 text-slate-500 dark:text-slate-400 hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
      >
        <ArrowLeft className="h-5 w-5" aria-hidden="true" />
      </button>
      <div className="min-w-0 flex-1">
        {/* The whole name, on two lines if it needs them: a channel is known by its name. */}
        <h2 className="flex items-start gap-1.5 text-base font-bold text-slate-900 dark:text-white">
          <Icon className="mt-1 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="min-w-0 break-words">{channel.name}</span>
        </h2>
        <p className="line-clamp-2 break-words text-xs text-slate-500 dark:text-slate-400" title={channel.description || undefined}>
          {t('community.pane.memberCount', { count: channel.memberCount })}
          {channel.description && <> · {channel.description}</>}
        </p>
      </div>
      <div className="flex shrink-0 items-center">
        {/* Spec 002 §2 had Pin and Star without behaviour; issue 29 makes them the person's own marks. */}
        <HeaderButton label={t('community.pane.pin')} onClick={() => toggleMark(channel, 'pin')} pressed={channel.isPinned}>
          <Pin className={`h-4 w-4 ${channel.isPinned ? 'fill-current' : ''}`} aria-hidden="true" />
        </HeaderButton>
        <HeaderButton label={t('community.pane.star')} onClick={() => toggleMark(channel, 'star')} pressed={channel.isStarred}>
          <Star className={`h-4 w-4 ${channel.isStarred ? 'fill-amber-400 text-amber-500' : ''}`} aria-hidden="true" />
        </HeaderButton>
        <HeaderButton label={t('community.members')} onClick={props.onToggleMembers} pressed={props.membersOpen}>
          <Users className="h-4 w-4" aria-hidden="true" />
        </HeaderButton>
        <HeaderButton label={t('community.pane.settings')} onClick={props.onOpenSettings}>
          <Settings className="h-4 w-4" aria-hidden="true" />
        </HeaderButton>
      </div>
    </header>
  );
  return (
    <ConversationPane
      source={channelConversations}
      conversationId={channel.id}
      messages={props.messages}
      header={header}
      userId={props.userId}
      emptyText={t('community.pane.empty')}
      errorText={t('community.loadMessagesFailed')}
      read={{ canRead: channel.isMember, readSequence: channel.readSequence }}
      people={channel.members}
      canModerate={isChannelAdmin(channel, props.userId)}
      send={{ author: props.author, deliver }}
      composer={{
        placeholder: t('community.pane.messageChannel', { name: channel.name }),
        label: t('community.pane.messageChannel', { name: channel.name }),
        note: channel.isMember ? undefined : t('community.pane.joinsOnSend'),
        mentionable: channel.members,
      }}
    />
  );
}
