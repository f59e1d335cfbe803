import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar';
import { buttonClass } from '../../ui/Button';
import { ChatIcon } from '../../ui/icons';
import { withIntent } from '../guest/guestPaths';
import { useWelcomedCreator } from './useWelcome';
import styles from './WelcomeCard.module.css';
import { joinedNote, messageLabel, pageLabel, welcomeTitle } from './welcomeText';

/**
 * Pinned above Discover for a fan who signed up through a creator's referral link: that creator,
 * with her page and a chat one tap away, until the fan has been to her or bought credits.
 */
export function WelcomeCard() {
  const creator = useWelcomedCreator();
  if (!creator) return null;
  const page = `/${encodeURIComponent(creator.username)}`;
  const title = welcomeTitle(creator.username);
  return (
    <section className={styles.welcome} aria-label={title} data-testid="welcome-card">
      <Avatar name={creator.username} src={creator.avatar_url} size={64} />
      <div className={styles.text}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.note}>{joinedNote(creator)} Say hello, or look around first.</p>
      </div>
      <div className={styles.actions}>
        {/* Her page opens the chat at once (the same step as a visitor's Message after sign-in). */}
        <Link to={withIntent(page, 'message')} className={buttonClass('primary', 'medium')}>
          <ChatIcon size={18} />
          {messageLabel(creator)}
        </Link>
        <Link to={page} className={buttonClass('secondary', 'medium')}>
          {pageLabel(creator)}
        </Link>
      </div>
    </section>
  );
}
