import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../ui/Button';
import { AuthLayout } from '../auth/AuthLayout';
import { signInFor, signUpFor } from '../guest/guestPaths';
import styles from './TeamJoin.module.css';
import { joinLink } from './teamPaths';
import { TEAM_TEXT } from './teamText';

/**
 * An invite's link opened signed out: sign in or create an account (with the address the invite
 * went to), and come back here to join.
 */
export function TeamJoinLanding() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const { creator } = joinLink(search);
  return (
    <AuthLayout
      title={creator ? TEAM_TEXT.joinTitle(creator) : 'Join a team on Parlor'}
      subtitle="Sign in, or create an account, with the email address the invite was sent to. You come back here to join."
      footer="You work with an account of your own: nobody shares a password."
    >
      <div className={styles.landingActions}>
        <Link to={signInFor(here)} className={buttonClass('primary', 'large', true)}>
          Sign in
        </Link>
        <Link to={signUpFor(here)} className={buttonClass('secondary', 'large', true)}>
          Create an account
        </Link>
      </div>
    </AuthLayout>
  );
}
