import { SettingsPage } from '../settings/SettingsPage';
import { PasskeysCard } from './PasskeysCard';
import { TwoFactorCard } from './TwoFactorCard';

/** /account/settings/security: two-factor sign-in with an authenticator app, and passkeys. */
export function SecuritySettingsScreen() {
  return (
    <SettingsPage title="Security" subtitle="How you sign in, and what protects your account.">
      <TwoFactorCard />
      <PasskeysCard />
    </SettingsPage>
  );
}
