import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { ProtectedRoute } from './ProtectedRoute.tsx';
import { RootShell } from './providers.tsx';
import { RouteError } from './RouteError.tsx';

/**
 * A screen loaded when its route is first visited: each page is a chunk of its own, so the landing
 * page does not download the marketplace, the community or Socket.IO (the signed-in frame is one too).
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const Auth = () => import('../features/auth/AuthPage.tsx');
const Events = () => import('../features/events/EventFormPage.tsx');
const Gigs = () => import('../features/marketplace/GigFormPage.tsx');
const Inbox = screen(
  () => import('../features/inbox/InboxPage.tsx'),
  (m) => m.InboxPage,
);
const EditEvent = screen(Events, (m) => m.EditEventPage);

/**
 * The route table of spec 000 §2 and 002 §2: the browser's router (main.tsx) and the build's
 * pre-render (prerender.tsx) both draw from it, so a pre-rendered page hydrates as the same tree.
 */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    children: [
      // The page most first visits open is part of the entry: no second round trip before it shows.
      { path: '/', element: <LandingPage /> },
      { path: '/auth/github/callback', element: <LandingPage /> },
      {
        lazy: screen(
          () => import('./DataShell.tsx'),
          (m) => m.DataShell,
        ),
        children: [
          { path: '/signup', lazy: screen(Auth, (m) => m.SignupPage) },
          { path: '/login', lazy: screen(Auth, (m) => m.LoginPage) },
          {
            path: '/join/channel/:joinLink',
            lazy: screen(
              () => import('../features/join/JoinChannelPage.tsx'),
              (m) => m.JoinChannelPage,
            ),
          },
          {
            element: <ProtectedRoute />,
            children: [
              {
                lazy: screen(
                  () => import('./SignedInShell.tsx'),
                  (m) => m.SignedInShell,
                ),
                children: [
                  {
                    path: '/dashboard',
                    lazy: screen(
                      () => import('../features/dashboard/DashboardPage.tsx'),
                      (m) => m.DashboardPage,
                    ),
                  },
                  {
                    path: '/profile',
                    lazy: screen(
                      () => import('../features/profile/ProfilePage.tsx'),
                      (m) => m.ProfilePage,
                    ),
                  },
                  {
                    path: '/profile/:username',
                    lazy: screen(
                      () => import('../features/profile/PublicProfilePage.tsx'),
                      (m) => m.PublicProfilePage,
                    ),
                  },
                  {
                    path: '/notifications',
                    lazy: screen(
                      () => import('../features/notifications/NotificationsPage.tsx'),
                      (m) => m.NotificationsPage,
                    ),
                  },
                  {
                    path: '/marketplace',
                    lazy: screen(
                      () => import('../features/marketplace/MarketplacePage.tsx'),
                      (m) => m.MarketplacePage,
                    ),
                  },
                  { path: '/marketplace/create', lazy: screen(Gigs, (m) => m.CreateGigPage) },
                  {
                    path: '/marketplace/:id',
                    lazy: screen(
                      () => import('../features/marketplace/GigDetailPage.tsx'),
                      (m) => m.GigDetailPage,
                    ),
                  },
                  { path: '/marketplace/:id/edit', lazy: screen(Gigs, (m) => m.EditGigPage) },
                  {
                    path: '/orders',
                    lazy: screen(
                      () => import('../features/orders/OrdersPage.tsx'),
                      (m) => m.OrdersPage,
                    ),
                  },
                  {
                    path: '/orders/new',
                    lazy: screen(
                      () => import('../features/orders/NewOrderPage.tsx'),
                      (m) => m.NewOrderPage,
                    ),
                  },
                  {
                    path: '/orders/:id',
                    lazy: screen(
                      () => import('../features/orders/OrderDetailPage.tsx'),
                      (m) => m.OrderDetailPage,
                    ),
                  },
                  {
                    path: '/events',
                    lazy: screen(
                      () => import('../features/events/EventsPage.tsx'),
                      (m) => m.EventsPage,
                    ),
                  },
                  { path: '/events/create', lazy: screen(Events, (m) => m.CreateEventPage) },
                  {
                    path: '/events/:id',
                    lazy: screen(
                      () => import('../features/events/EventDetailPage.tsx'),
                      (m) => m.EventDetailPage,
                    ),
                  },
                  { path: '/events/edit/:id', lazy: EditEvent },
                  { path: '/events/:id/edit', lazy: EditEvent },
                  {
                    path: '/community',
                    lazy: screen(
                      () => import('../features/community/CommunityPage.tsx'),
                      (m) => m.CommunityPage,
                    ),
                  },
                  { path: '/inbox', lazy: Inbox },
                  { path: '/inbox/:chatId', lazy: Inbox },
                  {
                    path: '/settings',
                    lazy: screen(
                      () => import('../features/settings/SettingsPage.tsx'),
                      (m) => m.SettingsPage,
                    ),
                  },
                  {
                    path: '/saved',
                    lazy: screen(
                      () => import('../features/saved/SavedPage.tsx'),
                      (m) => m.SavedPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
