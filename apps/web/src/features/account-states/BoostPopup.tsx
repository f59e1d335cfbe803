import { BOOST_DURATION_HOURS, BOOST_PRICE_CREDITS, creditsToDollars, plural } from '@parlor/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SparkIcon } from '../../ui/icons';
import { selectUser } from '../auth/authSlice';
import styles from './AccountStatePopups.module.css';
import { boostProfile } from './accountThunks';

export const BOOST_POPUP_TITLE = 'Boost your profile';

/**
 * The boost popup: what a boost costs and does, and the one button that buys it. A balance too
 * low offers credits instead; the server's refusal (402, 409) is shown as it came.
 */
export function BoostPopup({ active, close }: { active: boolean; close: () => void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const credits = user?.credits ?? 0;
  const enough = credits >= BOOST_PRICE_CREDITS;
  const buy = async () => {
    setBusy(true);
    setError(null);
    const result = await dispatch(boostProfile());
    setBusy(false);
    if (boostProfile.fulfilled.match(result)) close();
    else setError(result.payload?.message ?? null);
  };
  return (
    <Dialog
      title={BOOST_POPUP_TITLE}
      active={active}
      onClose={close}
      centered
      hero={
        <span className={styles.promoHero}>
          <SparkIcon size={30} />
        </span>
      }
      actions={
        enough ? (
          <Button size="large" fullWidth loading={busy} onClick={buy}>
            Boost for {BOOST_PRICE_CREDITS} credits
          </Button>
        ) : (
          <Link className={buttonClass('primary', 'large', true)} to="/account/get-credits" onClick={close}>
            Get credits
          </Link>
        )
      }
    >
      <p>
        Your profile shows first in Discover for {BOOST_DURATION_HOURS} hours. A boost costs{' '}
        <strong>{BOOST_PRICE_CREDITS} credits</strong> (${creditsToDollars(BOOST_PRICE_CREDITS)}).
      </p>
      <p className={styles.balance}>You have {plural(credits, 'credit')}.</p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Dialog>
  );
}
