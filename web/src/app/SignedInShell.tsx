import { SidebarLayout } from '../features/layout/SidebarLayout.tsx';
import { SocketProvider } from '../shared/socket/index.ts';

/** The signed-in screens' frame: one Socket.IO connection for the whole session (spec 002 §4) and the sidebar. */
export function SignedInShell() {
  return (
    <SocketProvider>
      <SidebarLayout />
    </SocketProvider>
  );
}
