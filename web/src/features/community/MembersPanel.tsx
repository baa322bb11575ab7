import type { Channel } from '@commonwork/contracts';
import X from 'lucide-react/icons/x';
import { usePresence, useSocket } from '../../shared/socket/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { splitMembers } from './channels.ts';
import { useT } from './locales/index.ts';

type Member = Channel['members'][number];

function MemberRow({ member, online }: { member: Member; online: boolean }) {
  return (
    <li className="flex items-center gap-2.5 px-2 py-1.5">
      <span className="relative">
        <Avatar name={member.name} picture={member.profilePicture} className={`h-8 w-8 text-xs ${online ? '' : 'opacity-60'}`} />
        <span
          aria-hidden="true"
          className={`absolute -right-0.5 -bottom-0.5 h-3 w-3 rounded-full border-2 border-white dark:border-slate-900 ${
            online ? 'bg-green-500' : 'bg-slate-300 dark:bg-slate-600'
          }`}
        />
      </span>
      <span className={`min-w-0 truncate text-sm ${online ? 'text-slate-800 dark:text-slate-100' : 'text-slate-500 dark:text-slate-400'}`}>
        {member.name}
      </span>
    </li>
  );
}

function Group({ title, label, members, online }: { title: string; label: string; members: Member[]; online: boolean }) {
  return (
    <section aria-label={label}>
      <h3 className="px-2 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">
        {title} — {members.length}
      </h3>
      <ul className="mt-1">
        {members.map((member) => (
          <MemberRow key={member._id} member={member} online={online} />
        ))}
      </ul>
    </section>
  );
}

/** The members panel (spec 002 §2): online and offline, status kept live by `user-status-updated`. */
export function MembersPanel({ channel, userId, onClose }: { channel: Channel; userId: string | undefined; onClose: () => void }) {
  const t = useT();
  const presence = usePresence();
  const { connected } = useSocket();
  const { online, offline } = splitMembers(channel.members, presence, userId && connected ? userId : null);
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{t('community.members')}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('community.members.close')}
          className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <div className="flex-1 space-y-4 overflow-y-auto p-2">
        <Group title={t('community.members.online')} label={t('community.members.onlineGroup')} members={online} online />
        <Group title={t('community.members.offline')} label={t('community.members.offlineGroup')} members={offline} online={false} />
      </div>
    </div>
  );
}
