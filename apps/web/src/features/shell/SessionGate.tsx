import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { AlertIcon } from '../../ui/icons';
import { ShellSkeleton } from '../../ui/ShellSkeleton';
import { PageSpinner } from '../../ui/Spinner';
import { selectAuthStatus, selectSigningOut, selectUser } from '../auth/authSlice';
import { loadSession } from '../auth/authThunks';
import { loadProviderConfig } from '../provider/providerConfigSlice';
import { SystemPage } from '../system/SystemPage';
import { useSessionLoad } from './useSessionLoad';

/**
 * The main app needs a signed-in user: it loads the user (GET /v1/users/me) and the provider
 * config, showing the app's frame meanwhile. A visitor without a token never gets here: App's
 * `SignedInOnly` sends them to /login before the app's code loads.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus);
  const signingOut = useAppSelector(selectSigningOut);
  const config = useAppSelector((s) => selectRequest(s, loadProviderConfig));

  useSessionLoad();

  if (signingOut) return <PageSpinner label="Signing out" />;
  if (!user && status === 'Error') {
    return (
      <SystemPage
        icon={<AlertIcon size={30} />}
        tone="danger"
        title="We couldn't load your account"
        actions={
          <Button size="large" fullWidth onClick={() => dispatch(loadSession())}>
            Try again
          </Button>
        }
      >
        <p>Check your connection and try again.</p>
      </SystemPage>
    );
  }
  // A failed config load does not block the app: features then default to off.
  if (!user || config.status === 'None' || config.status === 'Fetching') return <ShellSkeleton />;
  return children;
}
