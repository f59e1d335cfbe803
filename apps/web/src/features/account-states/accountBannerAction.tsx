import type { User } from '@parlor/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AppDispatch } from '../../platform/storeTypes';
import type { BannerKind } from '../banners/bannersModel';
import { pushPopup } from '../popups/popupsSlice';
import { cancelDeletion } from '../settings/settingsApi';
import { openOnboardingVerify } from '../verification/openers';
import styles from './accountBannerAction.module.css';
import { dismissReportedWarning } from './accountThunks';

/** The one action each account banner offers (nothing for the other kinds). */
export function accountBannerAction(kind: BannerKind, user: User, dispatch: AppDispatch): ReactNode {
  switch (kind) {
    case 'VerifyEmailAddress':
    case 'VerifyEmailAddressUsingCode':
      return (
        <button
          type="button"
          className={styles.action}
          onClick={() => openOnboardingVerify(dispatch, user, { afterSignUp: false })}
        >
          Enter code
        </button>
      );
    case 'WarningInvisibleUploadPhoto':
      return (
        <Link className={styles.action} to="/account/edit-profile">
          Add a photo
        </Link>
      );
    case 'WarningInvisibleFeaturedDisabled':
      return (
        <Link className={styles.action} to="/account/settings/privacy">
          Privacy settings
        </Link>
      );
    case 'CompleteProfile':
      return (
        <Link className={styles.action} to="/account/get-credits">
          Get credits
        </Link>
      );
    case 'ReportedWarning':
      return (
        <button type="button" className={styles.action} onClick={() => dispatch(dismissReportedWarning())}>
          I understand
        </button>
      );
    case 'BoostVisibility':
      return (
        <button
          type="button"
          className={styles.action}
          onClick={() => dispatch(pushPopup({ id: 'boost', kind: 'boost', props: {} }))}
        >
          Boost
        </button>
      );
    case 'GetMoreChats':
      return (
        <Link className={styles.action} to="/account/get-credits">
          Get credits
        </Link>
      );
    case 'StartFirstChat':
      return (
        <Link className={styles.action} to="/discover">
          Discover
        </Link>
      );
    case 'DeletionScheduled':
      return (
        <button type="button" className={styles.action} onClick={() => dispatch(cancelDeletion())}>
          Keep my account
        </button>
      );
    case 'ProtectEarnings':
      return (
        <Link className={styles.action} to="/account/settings/security">
          Turn it on
        </Link>
      );
    case 'Skinscore':
      return (
        <Link className={styles.action} to="/account/edit-profile">
          Update photo
        </Link>
      );
    default:
      return undefined;
  }
}
