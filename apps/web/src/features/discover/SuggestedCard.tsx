import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { selectUser } from '../auth/authSlice';
import { selectFeature } from '../provider/providerConfigSlice';
import { FollowButton } from './CreatorCard';
import { CARD_STACK_SHOWN, cardImage, offersCards } from './discoverModel';
import { selectDiscover, visitCard } from './discoverSlice';
import styles from './SuggestedCard.module.css';

/**
 * "Suggested for you": the card stack, one creator at a time, for male users with
 * the discover_cards feature. Opening or skipping the card marks it visited; the next one comes up.
 */
export function SuggestedCard() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const enabled = useAppSelector(selectFeature('discover_cards'));
  const { stack } = useAppSelector(selectDiscover);
  const card = stack.cards[0];
  if (!offersCards(user, enabled) || !card) return null;
  const upNext = stack.cards.slice(1, CARD_STACK_SHOWN);
  const visited = () => dispatch(visitCard());
  return (
    <section className={styles.suggested} aria-labelledby="suggested-title">
      <h2 id="suggested-title" className={styles.title}>
        Suggested for you
      </h2>
      <div className={styles.row}>
        <Avatar name={card.username} src={cardImage(card)} size={56} />
        <div className={styles.text}>
          <Link to={`/${encodeURIComponent(card.username)}`} className={styles.name} onClick={visited}>
            {card.username}
          </Link>
          {card.bio && <p className={styles.bio}>{card.bio}</p>}
          {upNext.length > 0 && (
            <p className={styles.next}>Up next: {upNext.map((c) => c.username).join(', ')}</p>
          )}
        </div>
        <div className={styles.actions}>
          <FollowButton card={card} />
          <Button variant="ghost" size="small" onClick={visited}>
            Next<span className="visually-hidden"> suggestion</span>
          </Button>
        </div>
      </div>
    </section>
  );
}
