import { NavLink } from 'react-router';
import { useAppSelector } from '../../platform/hooks';
import { selectUser } from '../auth/authSlice';
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
  if (user?.type !== 'featured') return null;
  return (
    <nav className={styles.areas} aria-label="Chat areas">
      {CHAT_AREAS.map((area) => (
        // Messenger stays current inside a conversation (/chats/{userId}), not only on /chats.
        <NavLink key={area.path} to={area.path} className={styles.area} end={false}>
          {area.name}
        </NavLink>
      ))}
    </nav>
  );
}
