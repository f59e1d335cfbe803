import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyWithRetry } from '../../platform/lazyWithRetry';
import { PageSpinner } from '../../ui/Spinner';
import { SignInScreen } from './SignInScreen';

const SignUpScreen = lazyWithRetry(() => import('./SignUpScreen'), 'SignUpScreen');
const ForgotPasswordScreen = lazyWithRetry(() => import('./ForgotPasswordScreen'), 'ForgotPasswordScreen');
const ResetPasswordScreen = lazyWithRetry(() => import('./ResetPasswordScreen'), 'ResetPasswordScreen');
const TermsScreen = lazyWithRetry(() => import('./LegalScreen'), 'TermsScreen');
const PrivacyScreen = lazyWithRetry(() => import('./LegalScreen'), 'PrivacyScreen');

/**
 * Everything under /login: sign-in eagerly, the rest on demand. The reset link and the legal pages
 * (SIGNED_OUT_PATHS) open here too, signed in or not.
 */
export function LoginRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<SignInScreen />} />
        <Route path="/login/signup" element={<SignUpScreen />} />
        <Route path="/login/forgot" element={<ForgotPasswordScreen />} />
        <Route path="/reset-password" element={<ResetPasswordScreen />} />
        <Route path="/terms" element={<TermsScreen />} />
        <Route path="/privacy" element={<PrivacyScreen />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  );
}
