import type { UserType } from '@parlor/contract';
import { useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { selectFeature } from '../provider/providerConfigSlice';
import { CopyLink } from './CopyLink';
import styles from './Referrals.module.css';
import { referralRules } from './referralRules';

export interface ReferralPopupProps {
  type: UserType;
  link: string;
}

declare module '../popups/popupsSlice' {
  interface PopupPropsByKind {
    referralProgram: ReferralPopupProps;
  }
}

/** The referral program popup: how it works for this account type, and the link to share. */
export function ReferralPopup({
  props,
  active,
  close,
}: {
  props: ReferralPopupProps;
  active: boolean;
  close: () => void;
}) {
  const packageCommissions = useAppSelector(selectFeature('credit_package_sales_commissions'));
  const rules = referralRules(props.type, packageCommissions);
  return (
    <Dialog
      title={rules.title}
      active={active}
      onClose={close}
      actions={
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      }
    >
      <ul className={styles.points}>
        {rules.points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <CopyLink link={props.link} label="Referral link to share" />
    </Dialog>
  );
}
