import { useCallback } from 'react';
// biome-ignore lint/style/noRestrictedImports: the one place that wraps the router's navigate.
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../platform/hooks';
import { type NavigateOptions, navigateOrAsk } from './uploadGuard';

/**
 * The app's navigate: while uploads run, going to another page asks first with the
 * upload-in-progress popup (navigateOrAsk). Every navigate call of the app goes through it
 * (biome.json forbids useNavigate elsewhere), as links and Back go through AccountStates.
 */
export function useGuardedNavigate() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return useCallback(
    (to: string, options: NavigateOptions = {}) =>
      dispatch(
        navigateOrAsk(to, options, (path, rest) => void navigate(path, rest), new URL(window.location.href)),
      ),
    [dispatch, navigate],
  );
}
