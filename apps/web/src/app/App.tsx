import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { AccountStates } from '../features/account-states/AccountStates';
import { LoginRoutes } from '../features/auth/LoginRoutes';
import { fetchNextInboxPage } from '../features/chats/inboxThunks';
import { prefetchChat } from '../features/conversation/conversationThunks';
import { Notices } from '../features/notices/Notices';
import { PopupHost } from '../features/popups/PopupHost';
import { useSessionLoad } from '../features/shell/useSessionLoad';
import { ShellSkeleton } from '../ui/ShellSkeleton';
import { PageSpinner } from '../ui/Spinner';
import { storedToken } from './browser';
import { useAppDispatch } from './hooks';
import { lazyWithRetry } from './lazyWithRetry';
import { entryScreen } from './routes';

// The signed-in app (shell, realtime, every screen) is a chunk of its own: /login and the other
// signed-out screens load only what they show.
const MainApp = lazyWithRetry(() => import('../features/shell/MainApp'), 'MainApp');
const MobileScreen = lazyWithRetry(() => import('../features/system/MobileScreen'), 'MobileScreen');
const BranchScreen = lazyWithRetry(() => import('../features/system/BranchScreen'), 'BranchScreen');
const ThreeDsCallbackScreen = lazyWithRetry(
  () => import('../features/system/ThreeDsCallbackScreen'),
  'ThreeDsCallbackScreen',
);
const MaintenanceScreen = lazyWithRetry(
  () => import('../features/system/MaintenanceScreen'),
  'MaintenanceScreen',
);
const UnbanScreen = lazyWithRetry(() => import('../features/system/UnbanScreen'), 'UnbanScreen');

/**
 * The first screen a signed-in path shows, fetched beside the signed-in app's chunk rather than
 * after it (the module cache hands the same module to MainApp's lazy screen).
 */
function preloadFirstScreen(pathname: string) {
  if (pathname === '/' || pathname.startsWith('/chats')) void import('../features/chats/ChatsScreen');
  if (pathname.startsWith('/chats/')) void import('../features/conversation/ConversationScreen');
}

/** The inbox's own path: its list is what the page shows first (on a phone, alone). */
const opensOnInbox = (pathname: string) => pathname === '/' || pathname.replace(/\/$/, '') === '/chats';

/**
 * On a signed-in path the session and the first screen start loading with the app's chunk; on the
 * inbox its first page too, and on a conversation its chat, instead of after the
 * screen's chunk has arrived and mounted (the screen takes what is already on its way).
 */
function EarlyStart() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const main = entryScreen(pathname) === 'main';
  useSessionLoad(main);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the path the page opened on
  useEffect(() => {
    if (!main || !storedToken()) return;
    preloadFirstScreen(pathname);
    if (opensOnInbox(pathname)) void dispatch(fetchNextInboxPage());
    const conversation = /^\/chats\/([^/]+)\/?$/.exec(pathname)?.[1];
    if (conversation) prefetchChat(decodeURIComponent(conversation));
  }, []);
  return null;
}

/** The screen is chosen by path prefix at entry. */
function Entry() {
  const { pathname } = useLocation();
  switch (entryScreen(pathname)) {
    case 'login':
      return <LoginRoutes />;
    case 'mobile':
      return <MobileScreen />;
    case 'branch':
      return <BranchScreen />;
    case '3ds-callback':
      return <ThreeDsCallbackScreen />;
    case 'maintenance':
      return <MaintenanceScreen />;
    case 'unban':
      return <UnbanScreen />;
    case 'main':
      return <MainApp />;
  }
}

export function App() {
  const { pathname } = useLocation();
  return (
    <>
      <EarlyStart />
      {/* The signed-in app's frame while its code loads; a spinner for the other entry screens. */}
      <Suspense
        fallback={entryScreen(pathname) === 'main' && storedToken() ? <ShellSkeleton /> : <PageSpinner />}
      >
        <Entry />
      </Suspense>
      <PopupHost />
      <AccountStates />
      <Notices />
    </>
  );
}
