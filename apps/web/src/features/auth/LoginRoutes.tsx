import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyWithRetry } from '../../app/lazyWithRetry';
import { PageSpinner } from '../../ui/Spinner';
import { SignInScreen } from './SignInScreen';

const SignUpScreen = lazyWithRetry(() => import('./SignUpScreen'), 'SignUpScreen');

/** Everything under /login: sign-in eagerly, sign-up on demand. */
export function LoginRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<SignInScreen />} />
        <Route path="/login/signup" element={<SignUpScreen />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  );
}
