import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AccountStates } from '../features/account-states/AccountStates';
import { loginPathKeeping } from '../features/auth/authModel';
import { selectSigningOut, selectToken } from '../features/auth/authSlice';
import { LoginRoutes } from '../features/auth/LoginRoutes';
import { prefetchChat } from '../features/conversation/conversationThunks';
import { ConversationScreen } from '../features/conversation/lazyConversationScreen';
import { isGuestPath } from '../features/guest/guestPaths';
import { Notices } from '../features/notices/Notices';
import { StepUpHost } from '../features/security/StepUpHost';
import { useSessionLoad } from '../features/shell/useSessionLoad';
import { isTeamJoinPath } from '../features/team/teamPaths';
import { afterStart } from '../platform/afterStart';
import { storedToken } from '../platform/browser';
import { useAppSelector } from '../platform/hooks';
import { lazyWithRetry } from '../platform/lazyWithRetry';
import { seatMayStart } from '../platform/seatSession';
import { ShellSkeleton } from '../ui/ShellSkeleton';
import { PageSpinner } from '../ui/Spinner';
import { PopupHost } from './PopupHost';
import { CONVERSATION_PATH, entryScreen } from './routes';

// The signed-in app (shell, realtime, every screen) is a chunk of its own: /login and the other
// signed-out screens load only what they show.
const MainApp = lazyWithRetry(() => import('./MainApp'), 'MainApp');
// What a signed-out visitor browses (Discover, creators' pages): a small chunk without the shell.
const GuestApp = lazyWithRetry(() => import('../features/guest/GuestApp'), 'GuestApp');
const MobileScreen = lazyWithRetry(() => import('../features/system/MobileScreen'), 'MobileScreen');
const BranchScreen = lazyWithRetry(() => import('../features/system/BranchScreen'), 'BranchScreen');
const ThreeDsCallbackScreen = lazyWithRetry(
  () => import('../features/payments/ThreeDsCallbackScreen'),
  'ThreeDsCallbackScreen',
);
const MaintenanceScreen = lazyWithRetry(
  () => import('../features/system/MaintenanceScreen'),
  'MaintenanceScreen',
);
const UnbanScreen = lazyWithRetry(() => import('../features/system/UnbanScreen'), 'UnbanScreen');
const TeamJoinLanding = lazyWithRetry(() => import('../features/team/TeamJoinLanding'), 'TeamJoinLanding');

/**
 * On a conversation's path, started by the entry before the first render (main.tsx): its chat. On a
 * phone the first render takes a few hundred milliseconds that the call runs beside; the screen
 * takes it on its way (`prefetchChat`). The inbox's first page is one of the early calls (early.ts).
 */
export function startFirstScreen(pathname: string) {
  if (entryScreen(pathname) !== 'main' || !storedToken()) return;
  const conversation = CONVERSATION_PATH.exec(pathname)?.[1];
  if (conversation && seatMayStart('getChat')) prefetchChat(decodeURIComponent(conversation));
}

/**
 * The signed-in app's code with its first screen's, evaluated as soon as it has arrived (the page's
 * start script asked for it with the boot script: apps/web/appPreload.ts). Loaded past the screens'
 * components on purpose: the first render then reveals the frame, the screen and a conversation in
 * turn, each a short render. Handed to the first render at once (`preload()`), the app rendered
 * in one piece while the first answers reached the store: one 160-210 ms task after boot in
 * Lighthouse's traces, and a conversation's simulated LCP 0.3-0.5 s later (bench/README.md).
 */
export function loadFirstScreen(pathname: string) {
  if (entryScreen(pathname) !== 'main' || !storedToken()) return;
  void import('./MainApp');
  if (pathname === '/' || pathname.startsWith('/chats')) void import('../features/chats/ChatsScreen');
  // A conversation's screen is a chunk of its own (chunks.ts); elsewhere it comes once the first
  // screen is done, through its component: the first chat opened from the inbox then shows at once
  // instead of a spinner held for React's reveal throttle (lazyWithRetry).
  if (CONVERSATION_PATH.test(pathname)) void import('../features/conversation/ConversationScreen');
  afterStart(() => void ConversationScreen.preload());
}

/** On a signed-in path the session loads with the app's chunk (its first screen: `startFirstScreen`). */
function EarlyStart() {
  const { pathname } = useLocation();
  useSessionLoad(entryScreen(pathname) === 'main');
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
      return <SignedInOnly />;
  }
}

/**
 * The signed-in app. A visitor with no session browses Discover and creators' pages (the front
 * door `/` is Discover); any other screen sends them to sign-in at once (keeping the link for
 * after it) without loading the app's code first. Signing out keeps the app, which shows its own
 * progress (SessionGate).
 */
function SignedInOnly() {
  const { pathname, search } = useLocation();
  const token = useAppSelector(selectToken);
  const signingOut = useAppSelector(selectSigningOut);
  if (!token && !signingOut) {
    if (pathname === '/') return <Navigate to={`/discover${search}`} replace />;
    if (isGuestPath(pathname)) return <GuestApp />;
    // A team invite's link: sign in or up first, then back to it.
    if (isTeamJoinPath(pathname)) return <TeamJoinLanding />;
    return <Navigate to={loginPathKeeping(pathname, search)} replace />;
  }
  return <MainApp />;
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
      <StepUpHost />
      <AccountStates />
      <Notices />
    </>
  );
}
