import { Button } from '../../ui/Button';
import { passkeysSupported } from '../security/passkeys';
import styles from './PasswordScreens.module.css';

/** Below a sign-in form, where the browser has passkeys: "or", then the passkey's button. */
export function PasskeyAlternative({
  label,
  loading,
  disabled,
  onClick,
}: {
  label: string;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  if (!passkeysSupported()) return null;
  return (
    <div className={styles.alternative}>
      <span className={styles.or}>or</span>
      <Button
        variant="secondary"
        size="large"
        fullWidth
        loading={loading}
        disabled={disabled}
        onClick={onClick}
      >
        {label}
      </Button>
    </div>
  );
}
