import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { NAV_ROUTES } from '../../app/nav';
import { buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ChatIcon } from '../../ui/icons';
import { selectUser } from '../auth/authSlice';
import { PageHeader } from '../shell/PageHeader';

/** /chats: the inbox. The list itself comes with the inbox issue; this is its empty state. */
export function ChatsScreen() {
  const user = useAppSelector(selectUser);
  const creator = user?.type === 'featured';
  return (
    <>
      <PageHeader title="Chats" />
      <EmptyState
        icon={<ChatIcon size={34} />}
        title="Your chats will appear here"
        text={
          creator
            ? 'When fans message you, their conversations show up here.'
            : 'Find a creator you like and say hello. Your conversations will show up here.'
        }
        action={
          creator ? undefined : (
            <Link to={NAV_ROUTES.discover.path} className={buttonClass('primary')}>
              Browse creators
            </Link>
          )
        }
      />
    </>
  );
}
