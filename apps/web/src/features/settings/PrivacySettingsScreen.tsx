import { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_MESSAGES, isModerationPending } from '@parlor/contract';
import { type FormEvent, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Card, CardActions, CardTitle } from '../../ui/Card';
import { showToast } from '../../ui/toasts';
import { BlockedCountriesCard } from '../account-states/BlockedCountriesCard';
import { selectUser } from '../auth/authSlice';
import { updateUser } from '../auth/authThunks';
import { CurrentPasswordField } from './CurrentPasswordField';
import { Note } from './Note';
import styles from './PrivacySettingsScreen.module.css';
import { SettingsPage } from './SettingsPage';
import { cancelDeletion, downloadMyData, scheduleDeletion, setFeaturedInDiscover } from './settingsApi';
import { Toggle } from './Toggle';

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** /account/settings/privacy: invisible profile, intro, featured in Discover, and account deletion. */
export function PrivacySettingsScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const deleting = useAppSelector((s) => selectRequest(s, scheduleDeletion));
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  if (!user) return null;
  const profile = user.settings.profile;
  const creator = user.type === 'featured';
  const pending = isModerationPending(user);

  const run = async (action: Promise<{ payload?: unknown; error?: unknown }>) => {
    setError(null);
    const result = await action;
    if (result.error) setError((result.payload as { message?: string } | undefined)?.message ?? null);
  };

  const exportData = async () => {
    setExportError(null);
    setExporting(true);
    try {
      const name = await downloadMyData();
      showToast(`Your data was downloaded as ${name}.`);
    } catch (e) {
      setExportError(e instanceof Error ? e.message : null);
    } finally {
      setExporting(false);
    }
  };

  const requestDeletion = async (event: FormEvent) => {
    event.preventDefault();
    const result = await dispatch(scheduleDeletion(password));
    if (scheduleDeletion.fulfilled.match(result)) setPassword('');
    else setPasswordError(result.payload?.message);
  };

  return (
    <SettingsPage title="Privacy">
      <Card roomy aria-label="Profile privacy">
        <Toggle
          label="Invisible profile"
          description="Hide your profile from everyone who does not chat with you yet."
          checked={profile.invisible}
          onChange={(invisible) => run(dispatch(updateUser({ settings: { profile: { invisible } } })))}
        />
        <Toggle
          label="Intro messages"
          description="Let new fans start with an intro message."
          checked={profile.intro_enabled}
          onChange={(v) => run(dispatch(updateUser({ settings: { profile: { intro_enabled: v } } })))}
        />
        {creator && (
          <Toggle
            label="Featured in Discover"
            description={
              user.discover_status === 'denied'
                ? ACCOUNT_MESSAGES.discoverDenied
                : pending
                  ? ACCOUNT_MESSAGES.discoverPending
                  : 'Show your profile to fans browsing Discover.'
            }
            checked={user.discover_status === 'featured'}
            disabled={pending}
            onChange={(featured) => run(dispatch(setFeaturedInDiscover(featured)))}
          />
        )}
        {error && <Note tone="error">{error}</Note>}
      </Card>

      {creator && <BlockedCountriesCard />}

      <Card roomy aria-labelledby="data-title">
        <CardTitle id="data-title">Your data</CardTitle>
        <Note>
          Download a copy of everything Parlor keeps about you: your profile and settings, your messages sent
          and received, purchases, credit{creator ? ', earnings and payout' : ''} history, tips and
          subscriptions, as a ZIP of JSON and CSV files.
        </Note>
        {exportError && <Note tone="error">{exportError}</Note>}
        <CardActions>
          <Button variant="secondary" loading={exporting} onClick={exportData}>
            Download my data
          </Button>
        </CardActions>
      </Card>

      <Card roomy danger aria-labelledby="delete-title">
        <CardTitle id="delete-title">Delete account</CardTitle>
        {user.deleted_scheduled && user.delete_at ? (
          <>
            <p>
              Your account will be deleted on <strong>{dateFormat.format(new Date(user.delete_at))}</strong>.
              Until then you can change your mind.
            </p>
            <CardActions>
              <Button variant="secondary" onClick={() => dispatch(cancelDeletion())}>
                Keep my account
              </Button>
            </CardActions>
          </>
        ) : (
          <form className={styles.deleteForm} onSubmit={requestDeletion} noValidate>
            <Note>
              Your profile, photo and personal details are erased {ACCOUNT_DELETION_GRACE_DAYS} days after you
              ask. Your purchase records are kept, without your name, as the law requires.
            </Note>
            <CurrentPasswordField
              value={password}
              error={passwordError}
              onChange={(value) => {
                setPassword(value);
                setPasswordError(undefined);
              }}
            />
            <CardActions>
              <Button
                type="submit"
                variant="danger"
                disabled={!password}
                loading={deleting.status === 'Fetching'}
              >
                Delete my account
              </Button>
            </CardActions>
          </form>
        )}
      </Card>
    </SettingsPage>
  );
}
