import type { Card } from '@parlor/contract';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import skeleton from '../../ui/Skeleton.module.css';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { selectToken } from '../auth/authSlice';
import { signInFor } from '../guest/guestPaths';
import { INVITED_YOU } from '../welcome/welcomeText';
import styles from './CreatorCard.module.css';
import { cardImage } from './discoverModel';
import { selectDiscover, setFollowing } from './discoverSlice';

/** How many tags a card has room for. */
const CARD_TAGS = 3;

/** Follow / Following: the card shows the new state at once; a refusal puts it back with the reason. */
export function FollowButton({ card }: { card: Card }) {
  const dispatch = useAppDispatch();
  const navigate = useGuardedNavigate();
  const signedIn = useAppSelector(selectToken) !== null;
  const { pendingFollow, followErrors } = useAppSelector(selectDiscover);
  const error = followErrors[card._id];
  const following = card.is_followee;
  // A visitor signs in first, then lands on the creator's page, which follows her.
  const follow = () => {
    if (signedIn) void dispatch(setFollowing({ userId: card._id, following: !following }));
    else navigate(signInFor(`/${encodeURIComponent(card.username)}`, 'follow'));
  };
  return (
    <>
      <Button
        variant={following ? 'secondary' : 'primary'}
        size="small"
        fullWidth
        className={styles.follow}
        disabled={pendingFollow.includes(card._id)}
        onClick={follow}
      >
        {following ? 'Following' : 'Follow'}
        <span className="visually-hidden"> {card.username}</span>
      </Button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * One creator in the Discover grid; the whole card opens their page, the button follows. `invited`:
 * the creator whose referral link the fan signed up through, flagged while she is welcomed.
 */
export function CreatorCard({ card, invited = false }: { card: Card; invited?: boolean }) {
  const image = cardImage(card);
  return (
    <article className={invited ? `${styles.card} ${styles.invitedCard}` : styles.card}>
      <div className={styles.picture}>
        {image ? (
          <img src={image} alt="" loading="lazy" />
        ) : (
          <span className={styles.initial}>
            <Avatar name={card.username} size={72} />
          </span>
        )}
        {invited && <span className={styles.invited}>{INVITED_YOU}</span>}
        {card.is_online && (
          <span className={styles.online}>
            <span className={styles.dot} aria-hidden="true" />
            Online
          </span>
        )}
      </div>
      <div className={styles.body}>
        <h2 className={styles.name}>
          <Link to={`/${encodeURIComponent(card.username)}`} className={styles.link}>
            {card.username}
          </Link>
        </h2>
        {card.bio && <p className={styles.bio}>{card.bio}</p>}
        {card.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {card.tags.slice(0, CARD_TAGS).map((tag) => (
              <li key={tag} className={styles.tag}>
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <div className={styles.actions}>
          <FollowButton card={card} />
        </div>
      </div>
    </article>
  );
}

/** The shape of a card while its page loads. */
export function CardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <div className={`${styles.picture} ${skeleton.shimmer}`} />
      <div className={styles.body}>
        <span className={`${styles.bar} ${skeleton.shimmer}`} />
        <span className={`${styles.bar} ${styles.short} ${skeleton.shimmer}`} />
      </div>
    </div>
  );
}
