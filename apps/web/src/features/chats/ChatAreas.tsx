import { NavLink } from 'react-router';
import { useAppSelector } from '../../platform/hooks';
import { selectUser } from '../auth/authSlice';
import { selectFeatureOff } from '../provider/providerConfigSlice';
import { seatMayOpen } from '../team/seatAccess';
import styles from './ChatAreas.module.css';

/** The spec's chat areas, in its order; creators switch between them, fans only have the first. */
export const CHAT_AREAS = [
  { name: 'Messenger', path: '/chats' },
  { name: 'Auto messages', path: '/auto-messages' },
  { name: 'Broadcast', path: '/broadcast' },
] as const;

/** Messenger, Auto messages, Broadcast: shown to creators at the top of each area; fans see nothing. */
export function ChatAreas() {
  const user = useAppSelector(selectUser);
  const broadcastOff = useAppSelector(selectFeatureOff('broadcast'));
  if (user?.type !== 'featured') return null;
  // An admin can turn the account's broadcasts off: the area then leaves the list.
  // A team seat sees the areas its permissions reach; with one left, no row of one.
  const seat = user.acting_member;
  const areas = CHAT_AREAS.filter(
    (area) =>
      !(broadcastOff && area.path === '/broadcast') && (!seat || seatMayOpen(area.path, seat.permissions)),
  );
  if (areas.length < 2) return null;
  return (
    <nav className={styles.areas} aria-label="Chat areas">
      {areas.map((area) => (
        // Messenger stays current inside a conversation (/chats/{userId}), not only on /chats.
        <NavLink key={area.path} to={area.path} className={styles.area} end={false}>
          {area.name}
        </NavLink>
      ))}
    </nav>
  );
}
