import { Bell, Bookmark, CalendarDays, LayoutDashboard, type LucideIcon, MessageSquare, Settings, ShoppingBag, Users } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shows the unread notifications badge. */
  badge?: 'notifications';
}

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
      { to: '/community', label: 'Community', icon: Users },
    ],
  },
  {
    title: 'Personal',
    items: [
      { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
      { to: '/notifications', label: 'Notifications', icon: Bell, badge: 'notifications' },
      { to: '/saved', label: 'Saved Items', icon: Bookmark },
      { to: '/inbox', label: 'Inbox', icon: MessageSquare },
    ],
  },
];

export const ACCOUNT_GROUP: NavGroup = {
  title: 'Account',
  items: [{ to: '/settings', label: 'Settings', icon: Settings }],
};
