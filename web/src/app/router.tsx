import { createBrowserRouter, Navigate } from 'react-router-dom';
import { LoginPage, SignupPage } from '../features/auth/AuthPage.tsx';
import { CommunityPage } from '../features/community/CommunityPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { EventDetailPage } from '../features/events/EventDetailPage.tsx';
import { CreateEventPage, EditEventPage } from '../features/events/EventFormPage.tsx';
import { EventsPage } from '../features/events/EventsPage.tsx';
import { InboxPage } from '../features/inbox/InboxPage.tsx';
import { JoinChannelPage } from '../features/join/JoinChannelPage.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { SidebarLayout } from '../features/layout/SidebarLayout.tsx';
import { GigDetailPage } from '../features/marketplace/GigDetailPage.tsx';
import { CreateGigPage, EditGigPage } from '../features/marketplace/GigFormPage.tsx';
import { MarketplacePage } from '../features/marketplace/MarketplacePage.tsx';
import { NotificationsPage } from '../features/notifications/NotificationsPage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { PublicProfilePage } from '../features/profile/PublicProfilePage.tsx';
import { SavedPage } from '../features/saved/SavedPage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
import { SocketProvider } from '../shared/socket/index.ts';
import { ProtectedRoute } from './ProtectedRoute.tsx';
import { RootShell } from './providers.tsx';
import { RouteError } from './RouteError.tsx';

/** The route table of spec 000 §2 and 002 §2. */
export const router = createBrowserRouter([
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/auth/github/callback', element: <LandingPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/join/channel/:joinLink', element: <JoinChannelPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          {
            // One Socket.IO connection for the whole signed-in session (spec 002 §4).
            element: (
              <SocketProvider>
                <SidebarLayout />
              </SocketProvider>
            ),
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/profile/:username', element: <PublicProfilePage /> },
              { path: '/notifications', element: <NotificationsPage /> },
              { path: '/marketplace', element: <MarketplacePage /> },
              { path: '/marketplace/create', element: <CreateGigPage /> },
              { path: '/marketplace/:id', element: <GigDetailPage /> },
              { path: '/marketplace/:id/edit', element: <EditGigPage /> },
              { path: '/events', element: <EventsPage /> },
              { path: '/events/create', element: <CreateEventPage /> },
              { path: '/events/:id', element: <EventDetailPage /> },
              { path: '/events/edit/:id', element: <EditEventPage /> },
              { path: '/events/:id/edit', element: <EditEventPage /> },
              { path: '/community', element: <CommunityPage /> },
              { path: '/inbox', element: <InboxPage /> },
              { path: '/inbox/:chatId', element: <InboxPage /> },
              { path: '/settings', element: <SettingsPage /> },
              { path: '/saved', element: <SavedPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
