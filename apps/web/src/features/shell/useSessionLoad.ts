import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { selectAuthStatus, selectToken, selectUser } from '../auth/authSlice';
import { loadSession } from '../auth/authThunks';
import { loadProviderConfig } from '../provider/providerConfigSlice';

/**
 * With a token, loads the signed-in user (GET /v1/users/me) and the provider config, once each.
 * The entry runs it too (`enabled` when the path is the main app's), so both requests travel while
 * the signed-in app's chunk downloads instead of after it.
 */
export function useSessionLoad(enabled = true) {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus);
  const configStatus = useAppSelector((s) => selectRequest(s, loadProviderConfig).status);

  useEffect(() => {
    if (enabled && token && !user && status === 'None') void dispatch(loadSession());
  }, [dispatch, enabled, token, user, status]);
  useEffect(() => {
    if (enabled && token && configStatus === 'None') void dispatch(loadProviderConfig());
  }, [dispatch, enabled, token, configStatus]);
}
