import { Suspense } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { lazyWithRetry } from '../../platform/lazyWithRetry';
import { buttonClass } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { Toaster } from '../../ui/Toaster';
import { Wordmark } from '../../ui/Wordmark';
// The same header as the signed-in frame's, with sign-in where the signed-in one has credits.
import shell from '../shell/AppShell.module.css';
import styles from './GuestApp.module.css';
import { signInFor, signUpFor } from './guestPaths';

const DiscoverScreen = lazyWithRetry(() => import('../discover/DiscoverScreen'), 'DiscoverScreen');
const CreatorProfileScreen = lazyWithRetry(
  () => import('../profile/CreatorProfileScreen'),
  'CreatorProfileScreen',
);

/**
 * What a signed-out visitor sees: Discover and creators' pages with their public data, under a
 * header that offers Sign in and Sign up and brings them back here after. Anything that needs an
 * account (Message, Follow, Subscribe, Tip, unlocking) asks them to sign in first.
 */
export function GuestApp() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <div className={styles.shell}>
      <header className={shell.header}>
        <Link to="/discover" className={shell.home}>
          <Wordmark size={30} />
        </Link>
        <span className={shell.spacer} />
        <Link to={signInFor(here)} className={`${buttonClass('secondary', 'small')} ${styles.action}`}>
          Sign in
        </Link>
        <Link to={signUpFor(here)} className={`${buttonClass('primary', 'small')} ${styles.action}`}>
          Sign up
        </Link>
      </header>
      <main className={styles.content} data-grid={pathname.startsWith('/discover') || undefined}>
        <Suspense
          fallback={
            <div className={styles.fallback}>
              <Spinner size={50} />
            </div>
          }
        >
          <Routes>
            <Route path="/discover" element={<DiscoverScreen />} />
            <Route path="/:username" element={<CreatorProfileScreen />} />
          </Routes>
        </Suspense>
      </main>
      <Toaster />
    </div>
  );
}
