import type { LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import CalendarDays from 'lucide-react/icons/calendar-days';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import MessageSquare from 'lucide-react/icons/message-square';
import Settings from 'lucide-react/icons/settings';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Users from 'lucide-react/icons/users';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shows an unread badge: notifications, or messages in the person's conversations or channels. */
  badge?: BadgeKind;
}

export type BadgeKind = 'notifications' | 'inbox' | 'community';

export interface NavGroup {
  title: string;
  items: NavItem[];
}

/** Sidebar groups of spec 000 §2 / 002 §2 (Appearance is the theme switch, rendered separately). */
export const NAV_GROUPS: NavGroup[] = [
  {
    title: 'Explore',
    items: [
      { to: '/marketplace', label: 'Marketplace', icon: ShoppingBag },
      { to: '/events', label: 'Events', icon: CalendarDays },
      { to: '/community', label: 'Community', icon: Users, badge: 'community' },
    ],
  },
  {
    title: 'Personal',
    items: [
      { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
      { to: '/notifications', label: 'Notifications', icon: Bell, badge: 'notifications' },
      { to: '/saved', label: 'Saved Items', icon: Bookmark },
      { to: '/inbox', label: 'Inbox', icon: MessageSquare, badge: 'inbox' },
    ],
  },
];

export const ACCOUNT_GROUP: NavGroup = {
  title: 'Account',
  items: [{ to: '/settings', label: 'Settings', icon: Settings }],
};
