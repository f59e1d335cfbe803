import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { GiftIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { selectUser } from '../auth/authSlice';
import { pushPopup } from '../popups/popupsSlice';
import { selectFeature } from '../provider/providerConfigSlice';
import { Note } from '../settings/Note';
import { SettingsPage } from '../settings/SettingsPage';
import { CopyLink } from './CopyLink';
import styles from './Referrals.module.css';
import { referralRules } from './referralRules';
import {
  earnedText,
  loadMoreReferrals,
  loadReferrals,
  referralLink,
  referralNoticeCleared,
  selectReferrals,
} from './referralsSlice';

/** Commissions often come in bursts (one per ledger row); one re-read covers a burst. */
const REREAD_DELAY_MS = 800;
const NOTICE_MS = 6000;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * /account/referrals: my code and link to share, what a referral earns me, and who signed up with
 * it. A `sale_commissions` event re-reads the list so the earned amounts stay current.
 */
export function ReferralsScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const packageCommissions = useAppSelector(selectFeature('credit_package_sales_commissions'));
  const { items, next, loaded, notice, paid } = useAppSelector(selectReferrals);
  const loading = useAppSelector((s) => selectRequest(s, loadReferrals));
  const loadingMore = useAppSelector((s) => selectRequest(s, loadMoreReferrals)).status === 'Fetching';

  useEffect(() => {
    const request = dispatch(loadReferrals());
    return () => request.abort();
  }, [dispatch]);
  // Commissions paid while the screen is open: one re-read after a burst. The count at mount is
  // skipped, since the mount loads anyway.
  const paidAtMount = useRef(paid);
  useEffect(() => {
    if (paid === paidAtMount.current) return;
    const timer = setTimeout(() => void dispatch(loadReferrals()), REREAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dispatch, paid]);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => dispatch(referralNoticeCleared()), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, notice]);
  useEffect(() => () => void dispatch(referralNoticeCleared()), [dispatch]);

  if (!user) return null;
  const link = referralLink(typeof window === 'undefined' ? '' : window.location.origin, user.username);
  const rules = referralRules(user.type, packageCommissions);
  const howItWorks = () =>
    dispatch(
      pushPopup({ id: 'referral-program', kind: 'referralProgram', props: { type: user.type, link } }),
    );

  return (
    <SettingsPage title="Referrals" subtitle="Invite people to Parlor and earn from what they do here.">
      {notice && <Note tone="success">{notice}</Note>}
      <Card>
        <div className={styles.share}>
          <h2 className={styles.heading}>{rules.title}</h2>
          <p className={styles.code}>
            Your referral code: <strong>{user.username}</strong>
          </p>
          <CopyLink link={link} />
          <ul className={styles.points}>
            {rules.points.slice(1).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <div>
            <Button variant="secondary" size="small" onClick={howItWorks}>
              How it works
            </Button>
          </div>
        </div>
      </Card>
      <section aria-labelledby="referrals-list" className={styles.listSection}>
        <h2 id="referrals-list" className={styles.heading}>
          Your referrals
        </h2>
        {!loaded && loading.status === 'Error' ? (
          <div className={styles.center}>
            <Note tone="error">Your referrals could not be loaded.</Note>
            <Button variant="secondary" size="small" onClick={() => dispatch(loadReferrals())}>
              Try again
            </Button>
          </div>
        ) : !loaded ? (
          <div className={styles.center}>
            <Spinner size={50} label="Loading your referrals" />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<GiftIcon size={34} />}
            title="No referrals yet"
            text="When someone signs up with your link or your code, they show up here with what you earned from them."
          />
        ) : (
          <Card tight>
            <ul className={styles.list} aria-label="Referrals">
              {items.map((r) => (
                <li key={r._id} className={styles.row} data-testid="referral">
                  <div className={styles.who}>
                    <span className={styles.name}>{r.username}</span>
                    <span className={styles.meta}>
                      {r.type === 'featured' ? 'Creator' : 'Fan'} · joined {day(r.created_at)}
                    </span>
                  </div>
                  <span className={styles.earned}>
                    <span className={styles.srOnly}>Earned </span>
                    {earnedText(r.earned)}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {next && (
          <div className={styles.center}>
            <Button
              variant="secondary"
              size="small"
              loading={loadingMore}
              onClick={() => void dispatch(loadMoreReferrals(next))}
            >
              Load more
            </Button>
          </div>
        )}
      </section>
    </SettingsPage>
  );
}

export default ReferralsScreen;
