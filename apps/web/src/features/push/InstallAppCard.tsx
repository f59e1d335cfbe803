import { Button } from '../../ui/Button';
import styles from './InstallAppCard.module.css';
import { promptInstall, useInstallAvailable } from './install';

/** Where the browser offers to install the app: a card with an Install button. */
export function InstallAppCard() {
  const available = useInstallAvailable();
  if (!available) return null;
  return (
    <section className={styles.card} aria-labelledby="install-app-title">
      <img className={styles.icon} src="/icons/icon-192.png" alt="" width={48} height={48} />
      <div className={styles.text}>
        <h2 id="install-app-title" className={styles.title}>
          Install Parlor
        </h2>
        <p className={styles.body}>
          Open your chats from the home screen, with notifications when you are away.
        </p>
      </div>
      <Button variant="secondary" onClick={() => void promptInstall()}>
        Install
      </Button>
    </section>
  );
}
