import { Suspense } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { ChatIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { ConversationScreen } from '../conversation/lazyConversationScreen';
import styles from './ChatsScreen.module.css';
import { Inbox } from './Inbox';

/**
 * /chats and /chats/{userId}: the inbox beside the open conversation on wide screens; on narrow
 * ones whichever of the two the path names.
 */
export function ChatsScreen() {
  const { userId } = useParams();
  return (
    <div className={styles.layout} data-open={userId ? 'conversation' : 'inbox'}>
      <div className={styles.listPane}>
        <Inbox currentUserId={userId} />
      </div>
      <div className={styles.mainPane}>
        {userId ? (
          <Suspense
            fallback={
              <div className={styles.center}>
                <Spinner size={50} />
              </div>
            }
          >
            <ConversationScreen key={userId} otherUserId={userId} />
          </Suspense>
        ) : (
          <EmptyState
            icon={<ChatIcon size={34} />}
            title="Pick a conversation"
            text="Choose a chat from the list to read and reply."
          />
        )}
      </div>
    </div>
  );
}
