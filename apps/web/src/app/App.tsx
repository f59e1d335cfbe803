import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { AccountStates } from '../features/account-states/AccountStates';
import { LoginRoutes } from '../features/auth/LoginRoutes';
import { Notices } from '../features/notices/Notices';
import { PopupHost } from '../features/popups/PopupHost';
import { MainApp } from '../features/shell/MainApp';
import { PageSpinner } from '../ui/Spinner';
import { lazyWithRetry } from './lazyWithRetry';
import { entryScreen } from './routes';

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
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Entry />
      </Suspense>
      <PopupHost />
      <AccountStates />
      <Notices />
    </>
  );
}
