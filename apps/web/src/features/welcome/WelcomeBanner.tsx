import type { PublicUser } from '@parlor/contract';
import { Button } from '../../ui/Button';
import { ChatIcon, SparkIcon } from '../../ui/icons';
import styles from './WelcomeBanner.module.css';
import { joinedNote, messageLabel, welcomeTitle } from './welcomeText';

/** On the page of the creator who invited the fan: the welcome and its call to action. */
export function WelcomeBanner({
  creator,
  onMessage,
  opening,
}: {
  creator: PublicUser;
  onMessage: () => void;
  opening: boolean;
}) {
  const title = welcomeTitle(creator.username);
  return (
    <section className={styles.banner} aria-label={title} data-testid="welcome-banner">
      <span className={styles.icon} aria-hidden="true">
        <SparkIcon size={22} />
      </span>
      <div className={styles.text}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.note}>{joinedNote(creator)} Start your first chat with a hello.</p>
      </div>
      <Button className={styles.action} onClick={onMessage} loading={opening}>
        <ChatIcon size={18} />
        {messageLabel(creator)}
      </Button>
    </section>
  );
}
