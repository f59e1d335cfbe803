import type { UserType } from '@parlor/contract';

const FAN_PACKAGES = 'Fans you refer: you earn 10 % of the credits they buy.';

/**
 * What a referral earns, phrased per account type (docs/payments.md, "Referrals"); the fans'
 * packages pay only an account whose credit_package_sales_commissions flag is on.
 */
export function referralRules(
  type: UserType,
  packageCommissions: boolean,
): { title: string; points: string[] } {
  if (type === 'featured') {
    return {
      title: 'Earn from everyone you invite',
      points: [
        'Share your link. Anyone who signs up with it, or enters your username as their referral code, is your referral.',
        'Creators you refer: you earn 5 % of what they earn for their first 12 months. It comes out of the platform’s fee, never out of theirs.',
        packageCommissions
          ? FAN_PACKAGES
          : 'Fans you refer sign up as your referrals too; their credit packages pay no commission to this account.',
      ],
    };
  }
  return {
    title: 'Invite creators, earn from their success',
    points: [
      'Share your link with creators. Anyone who signs up with it, or enters your username as their referral code, is your referral.',
      'Creators you refer: you earn 5 % of what they earn for their first 12 months, paid to you as credits. It comes out of the platform’s fee, never out of theirs.',
      packageCommissions
        ? FAN_PACKAGES
        : 'Fans you refer sign up as your referrals too, but their purchases pay commissions to creators only.',
    ],
  };
}
