import { creditsToDollars, endpoints, plural } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonClass } from '../../ui/Button';
import { CheckIcon, LogoutIcon, ShieldIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { selectSigningOut, selectUser } from '../auth/authSlice';
import { logout } from '../auth/authThunks';
import { loadSalesEarnings, selectSalesEarnings } from '../media/salesSlice';
import { AccountMoneyLinks } from '../payments/AccountMoneyLinks';
import { selectVaultOff } from '../provider/providerConfigSlice';
import { InstallAppCard } from '../push/InstallAppCard';
import { AccountMenu } from '../settings/AccountMenu';
import { chromeFor, NAV_ROUTES } from '../shell/nav';
import { seatAllows, useSeatAllows } from '../team/seatAccess';
import { TEAM_TEXT } from '../team/teamText';
import styles from './AccountScreen.module.css';

/** A creator earns rather than buys: their earnings and the ways to them, not a fan's credits. */
function CreatorMoneyCard() {
  const dispatch = useAppDispatch();
  const earnings = useAppSelector(selectSalesEarnings);
  const vaultOff = useAppSelector(selectVaultOff);
  const vaultInSeat = useSeatAllows('deleteFromVault');
  const vaultShown = !vaultOff && vaultInSeat;
  useEffect(() => {
    void dispatch(loadSalesEarnings());
  }, [dispatch]);
  return (
    <section className={styles.card} aria-labelledby="earnings-label">
      <h2 id="earnings-label" className={styles.label}>
        Earnings
      </h2>
      <p className={styles.balance}>
        <span className={styles.amount}>{earnings === null ? '…' : `$${creditsToDollars(earnings)}`}</span>
      </p>
      <p className={styles.dollars}>
        {earnings === null ? '' : `${plural(earnings, 'credit')} earned in all`}
      </p>
      <div className={styles.links}>
        <Link to="/account/earnings/summary" className={buttonClass('primary', 'medium')}>
          Earnings and payouts
        </Link>
        {vaultShown && (
          <Link to="/account/vault" className={buttonClass('secondary', 'medium')}>
            Vault
          </Link>
        )}
      </div>
    </section>
  );
}

/**
 * A creator who was a fan keeps what she had as one: her credits, subscriptions and purchases stay
 * one tap away while she has any (a creator who never bought sees nothing of it).
 */
function CreatorAsFanCard({ credits }: { credits: number }) {
  const [held, setHeld] = useState<{ subscriptions: boolean; purchases: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([
      call(endpoints.listSubscriptions, { query: { limit: 1, offset: 0 } }).then((r) => r.data.length > 0),
      call(endpoints.listPurchases, { query: { state: 'all', limit: 1, offset: 0 } }).then(
        (r) => r.data.length > 0,
      ),
    ])
      .then(([subscriptions, purchases]) => {
        if (live) setHeld({ subscriptions, purchases });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (credits <= 0 && !held?.subscriptions && !held?.purchases) return null;
  return (
    <section className={styles.card} aria-labelledby="fan-side-label">
      <h2 id="fan-side-label" className={styles.label}>
        Credits
      </h2>
      <p className={styles.balance}>
        <span className={styles.amount}>{credits}</span>
        <span className={styles.unit}>{credits === 1 ? 'credit' : 'credits'}</span>
      </p>
      <p className={styles.dollars}>Worth ${creditsToDollars(credits)} · what you bought as a fan</p>
      <div className={styles.links}>
        <Link to="/account/get-credits" className={buttonClass('secondary', 'medium')}>
          Buy credits
        </Link>
        {held?.subscriptions && (
          <Link to="/account/subscriptions" className={buttonClass('secondary', 'medium')}>
            Subscriptions
          </Link>
        )}
        {held?.purchases && (
          <Link to="/account/purchases" className={buttonClass('secondary', 'medium')}>
            Purchases
          </Link>
        )}
      </div>
    </section>
  );
}

/** An admin runs the platform rather than buying credits: the way to the console instead. */
function AdminCard() {
  return (
    <section className={styles.card} aria-labelledby="moderation-label">
      <h2 id="moderation-label" className={styles.label}>
        Role
      </h2>
      <p className={styles.adminLead}>
        <ShieldIcon size={22} />
        Admin
      </p>
      <p className={styles.dollars}>Applications, ID checks, reports and payouts wait in the console.</p>
      <div className={styles.links}>
        <Link to={NAV_ROUTES.moderation.path} className={buttonClass('primary', 'medium')}>
          Open the console
        </Link>
      </div>
    </section>
  );
}

/** /account: who is signed in, the credit balance (a creator: earnings), and signing out. */
export function AccountScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const signingOut = useAppSelector(selectSigningOut);
  const vaultOff = useAppSelector(selectVaultOff);
  if (!user) return null;
  const chrome = chromeFor(user, { vault: vaultOff });
  const seat = user.acting_member;

  return (
    <>
      <PageHeader title="Account" />
      <div className={styles.grid}>
        <section className={`${styles.card} ${styles.profileCard}`} aria-label="Profile">
          <div className={styles.profile}>
            <Avatar name={user.username} src={user.avatar_url} size={72} />
            <div className={styles.identity}>
              <p className={styles.username}>{user.username}</p>
              {/* A team seat is never told the creator's address. */}
              <p className={styles.email}>{seat ? TEAM_TEXT.signedInAs(seat.username) : user.email}</p>
              <div className={styles.badges}>
                {chrome.kind === 'admin' && user.type === 'featured' && (
                  <span className={styles.badge}>Creator</span>
                )}
                <span className={styles.badge}>{chrome.roleLabel}</span>
                {seat ? null : user.email_verified ? (
                  <span className={`${styles.badge} ${styles.verified}`}>
                    <CheckIcon size={14} /> Email verified
                  </span>
                ) : (
                  <span className={`${styles.badge} ${styles.unverified}`}>Email not verified</span>
                )}
              </div>
            </div>
          </div>
        </section>
        {user.type === 'featured' ? (
          <>
            {seatAllows(user, 'salesSummary') && <CreatorMoneyCard />}
            {/* What she bought as a fan is hers alone: a seat neither reads nor spends it. */}
            {!seat && <CreatorAsFanCard credits={user.credits} />}
          </>
        ) : chrome.kind === 'admin' ? (
          <AdminCard />
        ) : (
          <section className={styles.card} aria-labelledby="credits-label">
            <h2 id="credits-label" className={styles.label}>
              Credits
            </h2>
            <p className={styles.balance}>
              <span className={styles.amount}>{user.credits}</span>
              <span className={styles.unit}>credits</span>
            </p>
            {/* The dollar value is credits x 0.1 with two decimals. */}
            <p className={styles.dollars}>Worth ${creditsToDollars(user.credits)}</p>
            <AccountMoneyLinks />
          </section>
        )}
      </div>
      <InstallAppCard />
      <AccountMenu />
      <div className={`${styles.card} ${styles.session}`}>
        <p className={styles.sessionText}>
          {seat ? TEAM_TEXT.workingAs(user.username) : `Signed in as ${user.username}`}
        </p>
        {/* Signing out of a seat goes back to the member's own account (the auth thunk). */}
        <Button variant="secondary" onClick={() => dispatch(logout())} loading={signingOut}>
          <LogoutIcon size={18} />
          {seat ? TEAM_TEXT.backToMine : 'Sign out'}
        </Button>
      </div>
    </>
  );
}
