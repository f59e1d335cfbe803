import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { selectUser } from '../features/auth/authSlice';
import { AppShell } from '../features/shell/AppShell';
import { SessionGate } from '../features/shell/SessionGate';
import { useAppSelector } from '../platform/hooks';
import { lazyWithRetry } from '../platform/lazyWithRetry';
import { Spinner } from '../ui/Spinner';
import styles from './MainApp.module.css';
import { RealtimeConnection } from './realtime';

const ChatsScreen = lazyWithRetry(() => import('../features/chats/ChatsScreen'), 'ChatsScreen');
const HomeFeedScreen = lazyWithRetry(() => import('../features/feed/HomeFeedScreen'), 'HomeFeedScreen');
const DiscoverScreen = lazyWithRetry(() => import('../features/discover/DiscoverScreen'), 'DiscoverScreen');
const AccountScreen = lazyWithRetry(() => import('../features/account/AccountScreen'), 'AccountScreen');
const GetCreditsScreen = lazyWithRetry(
  () => import('../features/credits/GetCreditsScreen'),
  'GetCreditsScreen',
);
const ManageSubscriptionsScreen = lazyWithRetry(
  () => import('../features/subscriptions/ManageSubscriptionsScreen'),
  'ManageSubscriptionsScreen',
);
const EditProfileScreen = lazyWithRetry(
  () => import('../features/settings/EditProfileScreen'),
  'EditProfileScreen',
);
const PrivacySettingsScreen = lazyWithRetry(
  () => import('../features/settings/PrivacySettingsScreen'),
  'PrivacySettingsScreen',
);
const NotificationSettingsScreen = lazyWithRetry(
  () => import('../features/settings/NotificationSettingsScreen'),
  'NotificationSettingsScreen',
);
const SpendingSettingsScreen = lazyWithRetry(
  () => import('../features/settings/SpendingSettingsScreen'),
  'SpendingSettingsScreen',
);
const SessionsSettingsScreen = lazyWithRetry(
  () => import('../features/settings/SessionsSettingsScreen'),
  'SessionsSettingsScreen',
);
const SecuritySettingsScreen = lazyWithRetry(
  () => import('../features/security/SecuritySettingsScreen'),
  'SecuritySettingsScreen',
);
const PasswordSettingsScreen = lazyWithRetry(
  () => import('../features/settings/PasswordSettingsScreen'),
  'PasswordSettingsScreen',
);
const StorageSettingsScreen = lazyWithRetry(
  () => import('../features/vault/StorageSettingsScreen'),
  'StorageSettingsScreen',
);
const PayoutSettingsScreen = lazyWithRetry(
  () => import('../features/settings/PayoutSettingsScreen'),
  'PayoutSettingsScreen',
);
const CreatorProfileScreen = lazyWithRetry(
  () => import('../features/profile/CreatorProfileScreen'),
  'CreatorProfileScreen',
);
const AutoMessagesScreen = lazyWithRetry(
  () => import('../features/automessages/AutoMessagesScreen'),
  'AutoMessagesScreen',
);
const PurchasesScreen = lazyWithRetry(
  () => import('../features/purchases/PurchasesScreen'),
  'PurchasesScreen',
);
const ReferralsScreen = lazyWithRetry(
  () => import('../features/referrals/ReferralsScreen'),
  'ReferralsScreen',
);
const VaultScreen = lazyWithRetry(() => import('../features/vault/VaultScreen'), 'VaultScreen');
const BroadcastScreen = lazyWithRetry(
  () => import('../features/broadcast/BroadcastScreen'),
  'BroadcastScreen',
);
const EarningsScreen = lazyWithRetry(() => import('../features/earnings/EarningsScreen'), 'EarningsScreen');
const BecomeCreatorScreen = lazyWithRetry(
  () => import('../features/verification/BecomeCreatorScreen'),
  'BecomeCreatorScreen',
);
// The moderation console is a chunk of its own: nothing of it reaches a fan's or a creator's bundle.
const AdminConsole = lazyWithRetry(() => import('../features/admin/AdminConsole'), 'AdminConsole');
const TeamScreen = lazyWithRetry(() => import('../features/team/TeamScreen'), 'TeamScreen');
const ListsScreen = lazyWithRetry(() => import('../features/lists/ListsScreen'), 'ListsScreen');
const SavedRepliesScreen = lazyWithRetry(
  () => import('../features/saved-replies/SavedRepliesScreen'),
  'SavedRepliesScreen',
);
const TeamJoinScreen = lazyWithRetry(() => import('../features/team/TeamJoinScreen'), 'TeamJoinScreen');
const NotFoundScreen = lazyWithRetry(() => import('../features/system/NotFoundScreen'), 'NotFoundScreen');

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
            <Route path="/account/settings/spending" element={<SpendingSettingsScreen />} />
            <Route path="/account/settings/payouts" element={<PayoutSettingsScreen />} />
            <Route path="/account/settings/sessions" element={<SessionsSettingsScreen />} />
            <Route path="/account/settings/storage" element={<StorageSettingsScreen />} />
            <Route path="/account/settings/password" element={<PasswordSettingsScreen />} />
            <Route path="/account/settings/security" element={<SecuritySettingsScreen />} />
            <Route
              path="/account/settings/team/*"
              element={
                <CreatorsOnly>
                  <TeamScreen />
                </CreatorsOnly>
              }
            />
            <Route
              path="/account/settings/saved-replies"
              element={
                <CreatorsOnly>
                  <SavedRepliesScreen />
                </CreatorsOnly>
              }
            />
            <Route
              path="/lists/*"
              element={
                <CreatorsOnly>
                  <ListsScreen />
                </CreatorsOnly>
              }
            />
            <Route path="/team/join" element={<TeamJoinScreen />} />
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
