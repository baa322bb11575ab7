import type { LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import CalendarDays from 'lucide-react/icons/calendar-days';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import MessageSquare from 'lucide-react/icons/message-square';
import Settings from 'lucide-react/icons/settings';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Users from 'lucide-react/icons/users';
import type { t } from './locales/index.ts';

/** A layout message's id: labels are translated where they are drawn. */
type LayoutMessage = Parameters<typeof t>[0];

export interface NavItem {
  to: string;
  label: LayoutMessage;
  icon: LucideIcon;
  /** Shows an unread badge: notifications, or messages in the person's conversations or channels. */
  badge?: BadgeKind;
}

export type BadgeKind = 'notifications' | 'inbox' | 'community';

export interface NavGroup {
  title: LayoutMessage;
  items: NavItem[];
}

/** Sidebar groups of spec 000 §2 / 002 §2 (Appearance is the theme switch, rendered separately). */
export const NAV_GROUPS: NavGroup[] = [
  {
    title: 'layout.nav.explore',
    items: [
      { to: '/marketplace', label: 'layout.nav.marketplace', icon: ShoppingBag },
      { to: '/events', label: 'layout.nav.events', icon: CalendarDays },
      { to: '/community', label: 'layout.nav.community', icon: Users, badge: 'community' },
    ],
  },
  {
    title: 'layout.nav.personal',
    items: [
      { to: '/dashboard', label: 'layout.nav.dashboard', icon: LayoutDashboard },
      { to: '/orders', label: 'layout.nav.orders', icon: ClipboardList },
      { to: '/notifications', label: 'layout.nav.notifications', icon: Bell, badge: 'notifications' },
      { to: '/saved', label: 'layout.nav.saved', icon: Bookmark },
      { to: '/inbox', label: 'layout.nav.inbox', icon: MessageSquare, badge: 'inbox' },
    ],
  },
];

export const ACCOUNT_GROUP: NavGroup = {
  title: 'layout.nav.account',
  items: [{ to: '/settings', label: 'layout.nav.settings', icon: Settings }],
};
