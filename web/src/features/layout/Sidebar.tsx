import LogOut from 'lucide-react/icons/log-out';
import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import UserRound from 'lucide-react/icons/user-round';
import X from 'lucide-react/icons/x';
import { NavLink } from 'react-router-dom';
import { formatBadgeCount } from '../../shared/format/index.ts';
import { useTheme } from '../../shared/theme/ThemeProvider.tsx';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { LinePlaceholder } from '../../shared/ui/LinePlaceholder.tsx';
import { Logo } from '../../shared/ui/Logo.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useUnreadMessages } from '../inbox/useUnreadMessages.ts';
import { useUnreadCount } from '../notifications/useUnreadCount.ts';
import { useT } from './locales/index.ts';
import { ACCOUNT_GROUP, type BadgeKind, NAV_GROUPS, type NavGroup, type NavItem } from './navItems.ts';

type UnreadCounts = Record<BadgeKind, number>;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
    isActive
      ? 'bg-green-50 text-green-700 dark:bg-green-950/60 dark:text-green-300'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;

function GroupTitle({ children }: { children: string }) {
  return <h2 className="mb-1 px-3 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">{children}</h2>;
}

function NavEntry({ item, unread }: { item: NavItem; unread: UnreadCounts }) {
  const t = useT();
  const badge = item.badge ? formatBadgeCount(unread[item.badge]) : '';
  const Icon = item.icon;
  return (
    <li>
      <NavLink to={item.to} end={item.to === '/dashboard'} className={linkClass}>
        <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
        <span className="flex-1">{t(item.label)}</span>
        {badge && (
          <span className="rounded-full bg-red-500 px-2 py-0.5 text-xs font-semibold text-white">
            {badge}
            <span className="sr-only">{t('layout.nav.unread')}</span>
          </span>
        )}
      </NavLink>
    </li>
  );
}

function Group({ group, unread }: { group: NavGroup; unread: UnreadCounts }) {
  const t = useT();
  return (
    <div>
      <GroupTitle>{t(group.title)}</GroupTitle>
      <ul className="space-y-0.5">
        {group.items.map((item) => (
          <NavEntry key={item.to} item={item} unread={unread} />
        ))}
      </ul>
    </div>
  );
}

function AppearanceToggle() {
  const { isDark, toggleTheme } = useTheme();
  const t = useT();
  return (
    <div>
      <GroupTitle>{t('layout.appearance')}</GroupTitle>
      <button
        type="button"
        role="switch"
        aria-checked={isDark}
        onClick={toggleTheme}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        {isDark ? <Moon className="h-5 w-5" aria-hidden="true" /> : <Sun className="h-5 w-5" aria-hidden="true" />}
        <span className="flex-1 text-left">{t('layout.darkMode')}</span>
        <span className={`relative h-5 w-9 rounded-full transition ${isDark ? 'bg-green-600' : 'bg-slate-300'}`}>
          <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition ${isDark ? 'left-4.5' : 'left-0.5'}`} />
        </span>
      </button>
    </div>
  );
}

interface SidebarProps {
  /** Shown in the mobile drawer only. */
  onClose?: () => void;
}

/** Navigation, theme switch and the account card of the signed-in layout. */
export function Sidebar({ onClose }: SidebarProps) {
  const { user, logout } = useAuth();
  const notifications = useUnreadCount();
  const messages = useUnreadMessages();
  const unread = { notifications, inbox: messages.chats, community: messages.channels };
  const t = useT();

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center justify-between px-5 py-5">
        <NavLink to="/dashboard" aria-label={t('layout.home')}>
          <Logo />
        </NavLink>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('layout.closeMenu')}
            className="rounded-lg p-2 text-slate-500 dark:text-slate-400 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        )}
      </div>
      <nav aria-label={t('layout.mainNavigation')} className="flex-1 space-y-6 overflow-y-auto px-3 pb-4">
        {NAV_GROUPS.map((group) => (
          <Group key={group.title} group={group} unread={unread} />
        ))}
        <AppearanceToggle />
        <Group group={ACCOUNT_GROUP} unread={unread} />
      </nav>
      <div className="border-t border-slate-200 p-4 dark:border-slate-800">
        <div className="flex items-center gap-3">
          <Avatar name={user?.name} picture={user?.picture} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
              {/* A page pre-rendered at build time knows no one yet: a placeholder of the name's height. */}
              {user ? user.name : <LinePlaceholder width="w-24" />}
            </p>
            {/* The person's plan, never a claim; nothing while no one is known (a pre-rendered page). */}
            {user?.plan && (
              <span
                data-testid="account-badge"
                className="inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium capitalize text-green-800 dark:bg-green-950 dark:text-green-300"
              >
                {t('layout.account.plan', { plan: user.plan })}
              </span>
            )}
          </div>
        </div>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <NavLink
            to="/profile"
            end
            className="flex items-center justify-center gap-1 whitespace-nowrap rounded-lg border border-slate-200 px-2 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <UserRound className="h-4 w-4" aria-hidden="true" />
            {t('layout.account.viewProfile')}
          </NavLink>
          <button
            type="button"
            onClick={() => void logout()}
            className="flex items-center justify-center gap-1 whitespace-nowrap rounded-lg border border-slate-200 px-2 py-1.5 text-xs font-medium text-red-600 hover:bg-red-50 dark:border-slate-700 dark:text-red-400 dark:hover:bg-red-950/40"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {t('layout.account.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
