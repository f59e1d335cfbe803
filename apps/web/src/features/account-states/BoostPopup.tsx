import {
  BOOST_DURATION_HOURS,
  BOOST_PRICE_CREDITS,
  type BoostPayFrom,
  creditsToDollars,
  plural,
} from '@parlor/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SparkIcon } from '../../ui/icons';
import { RadioGroup } from '../../ui/RadioGroup';
import { selectUser } from '../auth/authSlice';
import { loadSalesEarnings, selectSalesEarnings } from '../media/salesSlice';
import styles from './AccountStatePopups.module.css';
import { boostProfile } from './accountThunks';

export const BOOST_POPUP_TITLE = 'Boost your profile';

/** The boost's two ways to pay, with each balance as it stands. */
export function boostSources(credits: number, earnings: number | null) {
  return [
    { value: 'credits', label: 'My credits', description: `You have ${plural(credits, 'credit')}.` },
    {
      value: 'earnings',
      label: 'My earnings',
      description:
        earnings === null ? 'Loading your earnings…' : `You have $${creditsToDollars(earnings)} in earnings.`,
    },
  ] as const;
}

/**
 * The boost popup: what a boost costs and does, where it is paid from (the creator's credits or
 * her earnings balance), and the one button that buys it. Credits too low with nothing chosen
 * otherwise offers credits instead; the server's refusal (402, 409) is shown as it came.
 */
export function BoostPopup({ active, close }: { active: boolean; close: () => void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const earnings = useAppSelector(selectSalesEarnings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const credits = user?.credits ?? 0;
  const [payFrom, setPayFrom] = useState<BoostPayFrom>(
    credits >= BOOST_PRICE_CREDITS ? 'credits' : 'earnings',
  );
  useEffect(() => {
    void dispatch(loadSalesEarnings());
  }, [dispatch]);
  const creditsShort = payFrom === 'credits' && credits < BOOST_PRICE_CREDITS;
  const buy = async () => {
    setBusy(true);
    setError(null);
    const result = await dispatch(boostProfile(payFrom));
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
        creditsShort ? (
          <Link className={buttonClass('primary', 'large', true)} to="/account/get-credits" onClick={close}>
            Get credits
          </Link>
        ) : (
          <Button size="large" fullWidth loading={busy} onClick={buy}>
            {payFrom === 'credits'
              ? `Boost for ${BOOST_PRICE_CREDITS} credits`
              : `Boost for $${creditsToDollars(BOOST_PRICE_CREDITS)} of earnings`}
          </Button>
        )
      }
    >
      <p>
        Your profile shows first in Discover for {BOOST_DURATION_HOURS} hours. A boost costs{' '}
        <strong>{BOOST_PRICE_CREDITS} credits</strong> (${creditsToDollars(BOOST_PRICE_CREDITS)}).
      </p>
      <RadioGroup
        legend="Pay from"
        name="boost-pay-from"
        value={payFrom}
        options={boostSources(credits, earnings)}
        onChange={(value) => {
          setPayFrom(value);
          setError(null);
        }}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Dialog>
  );
}
