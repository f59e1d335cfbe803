import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyWithRetry } from '../../app/lazyWithRetry';
import { Spinner } from '../../ui/Spinner';
import { AppShell } from './AppShell';
import styles from './MainApp.module.css';
import { SessionGate } from './SessionGate';

const ChatsScreen = lazyWithRetry(() => import('../chats/ChatsScreen'), 'ChatsScreen');
const DiscoverScreen = lazyWithRetry(() => import('../discover/DiscoverScreen'), 'DiscoverScreen');
const AccountScreen = lazyWithRetry(() => import('../account/AccountScreen'), 'AccountScreen');
const GetCreditsScreen = lazyWithRetry(() => import('../credits/GetCreditsScreen'), 'GetCreditsScreen');
const ManageSubscriptionsScreen = lazyWithRetry(
  () => import('../subscriptions/ManageSubscriptionsScreen'),
  'ManageSubscriptionsScreen',
);
const NotFoundScreen = lazyWithRetry(() => import('../system/NotFoundScreen'), 'NotFoundScreen');

function ScreenFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner size={50} />
    </div>
  );
}

/** Everything outside the entry screens: signed-in routes inside the shell. */
export function MainApp() {
  return (
    <SessionGate>
      <AppShell>
        <Suspense fallback={<ScreenFallback />}>
          <Routes>
            <Route path="/" element={<Navigate to="/chats" replace />} />
            <Route path="/chats" element={<ChatsScreen />} />
            {/* The conversation arrives with its own issue; until then the list stands in. */}
            <Route path="/chats/:userId" element={<ChatsScreen />} />
            <Route path="/discover" element={<DiscoverScreen />} />
            <Route path="/account" element={<AccountScreen />} />
            <Route path="/account/get-credits" element={<GetCreditsScreen />} />
            <Route path="/account/subscriptions" element={<ManageSubscriptionsScreen />} />
            <Route path="*" element={<NotFoundScreen />} />
          </Routes>
        </Suspense>
      </AppShell>
    </SessionGate>
  );
}
