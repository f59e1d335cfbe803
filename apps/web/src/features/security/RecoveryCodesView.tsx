import { RECOVERY_CODE_COUNT } from '@parlor/contract';
import { copyText, offerDownload } from '../../platform/browser';
import { Button } from '../../ui/Button';
import { CardActions } from '../../ui/Card';
import { showToast } from '../../ui/toasts';
import { Note } from '../settings/Note';
import { recoveryCodesText } from './codeModel';
import styles from './TwoFactorCard.module.css';

/**
 * The recovery codes, shown this once (only their hashes are kept): each signs in once when the
 * authenticator app is not at hand. Copy and a text file to keep them; the screen moves on only
 * when the person says they are saved.
 */
export function RecoveryCodesView({
  codes,
  username,
  renewed,
  onDone,
}: {
  codes: string[];
  username: string;
  renewed: boolean;
  onDone: () => void;
}) {
  const text = recoveryCodesText(codes, username, new Date());
  const copy = async () =>
    showToast(
      (await copyText(text)) ? 'Recovery codes copied.' : 'Copying did not work. Download them instead.',
    );
  const download = () =>
    offerDownload(
      new Blob([text], { type: 'text/plain;charset=utf-8' }),
      `parlor-recovery-codes-${username}.txt`,
    );
  return (
    <div className={styles.step}>
      <Note tone="success">
        {renewed
          ? 'Your new recovery codes are ready: the old ones no longer work.'
          : 'Two-factor sign-in is on.'}
      </Note>
      <p>
        Save these {RECOVERY_CODE_COUNT} recovery codes somewhere safe. Each one signs you in once if you lose
        your phone. They are shown only now.
      </p>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <CardActions>
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download (.txt)
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </CardActions>
    </div>
  );
}
