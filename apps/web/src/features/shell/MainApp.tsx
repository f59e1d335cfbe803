import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { lazyWithRetry } from '../../app/lazyWithRetry';
import { RealtimeConnection } from '../../app/realtime';
import { Spinner } from '../../ui/Spinner';
import { selectUser } from '../auth/authSlice';
import { AppShell } from './AppShell';
import styles from './MainApp.module.css';
import { SessionGate } from './SessionGate';

const ChatsScreen = lazyWithRetry(() => import('../chats/ChatsScreen'), 'ChatsScreen');
const HomeFeedScreen = lazyWithRetry(() => import('../feed/HomeFeedScreen'), 'HomeFeedScreen');
const DiscoverScreen = lazyWithRetry(() => import('../discover/DiscoverScreen'), 'DiscoverScreen');
const AccountScreen = lazyWithRetry(() => import('../account/AccountScreen'), 'AccountScreen');
const GetCreditsScreen = lazyWithRetry(() => import('../credits/GetCreditsScreen'), 'GetCreditsScreen');
const ManageSubscriptionsScreen = lazyWithRetry(
  () => import('../subscriptions/ManageSubscriptionsScreen'),
  'ManageSubscriptionsScreen',
);
const EditProfileScreen = lazyWithRetry(() => import('../settings/EditProfileScreen'), 'EditProfileScreen');
const PrivacySettingsScreen = lazyWithRetry(
  () => import('../settings/PrivacySettingsScreen'),
  'PrivacySettingsScreen',
);
const NotificationSettingsScreen = lazyWithRetry(
  () => import('../settings/NotificationSettingsScreen'),
  'NotificationSettingsScreen',
);
const SessionsSettingsScreen = lazyWithRetry(
  () => import('../settings/SessionsSettingsScreen'),
  'SessionsSettingsScreen',
);
const PasswordSettingsScreen = lazyWithRetry(
  () => import('../settings/PasswordSettingsScreen'),
  'PasswordSettingsScreen',
);
const StorageSettingsScreen = lazyWithRetry(
  () => import('../settings/StorageSettingsScreen'),
  'StorageSettingsScreen',
);
const PayoutSettingsScreen = lazyWithRetry(
  () => import('../settings/PayoutSettingsScreen'),
  'PayoutSettingsScreen',
);
const CreatorProfileScreen = lazyWithRetry(
  () => import('../profile/CreatorProfileScreen'),
  'CreatorProfileScreen',
);
const AutoMessagesScreen = lazyWithRetry(
  () => import('../automessages/AutoMessagesScreen'),
  'AutoMessagesScreen',
);
const PurchasesScreen = lazyWithRetry(() => import('../purchases/PurchasesScreen'), 'PurchasesScreen');
const ReferralsScreen = lazyWithRetry(() => import('../referrals/ReferralsScreen'), 'ReferralsScreen');
const VaultScreen = lazyWithRetry(() => import('../vault/VaultScreen'), 'VaultScreen');
const BroadcastScreen = lazyWithRetry(() => import('../broadcast/BroadcastScreen'), 'BroadcastScreen');
const EarningsScreen = lazyWithRetry(() => import('../earnings/EarningsScreen'), 'EarningsScreen');
const BecomeCreatorScreen = lazyWithRetry(
  () => import('../verification/BecomeCreatorScreen'),
  'BecomeCreatorScreen',
);
// The moderation console is a chunk of its own: nothing of it reaches a fan's or a creator's bundle.
const AdminConsole = lazyWithRetry(() => import('../admin/AdminConsole'), 'AdminConsole');
const NotFoundScreen = lazyWithRetry(() => import('../system/NotFoundScreen'), 'NotFoundScreen');

function ScreenFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner size={50} />
    </div>
  );
}

/** A creator's own area: anyone else gets the unknown-page screen. */
function CreatorsOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  return user?.type === 'featured' ? children : <NotFoundScreen />;
}

/** The admin role's area: anyone else gets the unknown-page screen (the API refuses them too). */
function AdminsOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  return user?.role === 'admin' ? children : <NotFoundScreen />;
}

/** Everything outside the entry screens: signed-in routes inside the shell. */
export function MainApp() {
  return (
    <SessionGate>
      <RealtimeConnection />
      <AppShell>
        <Suspense fallback={<ScreenFallback />}>
          <Routes>
            <Route path="/" element={<Navigate to="/chats" replace />} />
            <Route path="/chats" element={<ChatsScreen />} />
            <Route path="/chats/:userId" element={<ChatsScreen />} />
            {/* Creators only: the screen answers a fan with the not-found page. */}
            <Route path="/broadcast" element={<BroadcastScreen />} />
            <Route path="/feed" element={<HomeFeedScreen />} />
            <Route path="/discover" element={<DiscoverScreen />} />
            <Route path="/account" element={<AccountScreen />} />
            <Route path="/account/edit-profile" element={<EditProfileScreen />} />
            <Route path="/account/settings/privacy" element={<PrivacySettingsScreen />} />
            <Route path="/account/settings/notifications" element={<NotificationSettingsScreen />} />
            <Route path="/account/settings/payouts" element={<PayoutSettingsScreen />} />
            <Route path="/account/settings/sessions" element={<SessionsSettingsScreen />} />
            <Route path="/account/settings/storage" element={<StorageSettingsScreen />} />
            <Route path="/account/settings/password" element={<PasswordSettingsScreen />} />
            <Route path="/account/get-credits" element={<GetCreditsScreen />} />
            <Route path="/account/subscriptions" element={<ManageSubscriptionsScreen />} />
            <Route
              path="/auto-messages"
              element={
                <CreatorsOnly>
                  <AutoMessagesScreen />
                </CreatorsOnly>
              }
            />
            <Route
              path="/auto-messages/:category"
              element={
                <CreatorsOnly>
                  <AutoMessagesScreen />
                </CreatorsOnly>
              }
            />
            <Route path="/account/purchases" element={<PurchasesScreen />} />
            <Route path="/account/referrals" element={<ReferralsScreen />} />
            <Route path="/account/become-creator" element={<BecomeCreatorScreen />} />
            <Route
              path="/admin/*"
              element={
                <AdminsOnly>
                  <AdminConsole />
                </AdminsOnly>
              }
            />
            <Route
              path="/account/earnings/summary"
              element={
                <CreatorsOnly>
                  <EarningsScreen />
                </CreatorsOnly>
              }
            />
            <Route
              path="/account/vault"
              element={
                <CreatorsOnly>
                  <VaultScreen />
                </CreatorsOnly>
              }
            />
            {/* A creator's page; static paths above win over this one-segment pattern. */}
            <Route path="/:username" element={<CreatorProfileScreen />} />
            <Route path="*" element={<NotFoundScreen />} />
          </Routes>
        </Suspense>
      </AppShell>
    </SessionGate>
  );
}
