import type { Chat } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { AlertIcon, LockIcon } from '../../ui/icons';
import { ConversationSkeleton } from '../../ui/Skeletons';
import { useGuardedNavigate } from '../account-states/useGuardedNavigate';
import { selectUser } from '../auth/authSlice';
import { selectChatByUser, selectRemoved } from '../chats/inboxSelectors';
import { GET_CREDITS_PATH } from '../payments/purchase';
import { Composer } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import styles from './ConversationScreen.module.css';
import { selectConversation } from './conversationSelectors';
import { conversationActivated } from './conversationSlice';
import { conversationPath, openConversation, readLoaded } from './conversationThunks';
import { FanPanel } from './FanPanel';
import { MessageList } from './MessageList';

/** Navigation state of /chats/{userId}: the chat just opened, and where Back goes. */
export interface ConversationNavState {
  chat?: Chat;
  backTo?: string;
}

/** /chats/{userId}: one conversation. The state and its rules live in the conversation slice. */
export function ConversationScreen({ otherUserId }: { otherUserId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useGuardedNavigate();
  const navState = (useLocation().state ?? {}) as ConversationNavState;
  const me = useAppSelector(selectUser);
  const convo = useAppSelector((s) => selectConversation(s, otherUserId));
  const chat = useAppSelector((s) => selectChatByUser(s, otherUserId));
  const removed = useAppSelector((s) => selectRemoved(s, otherUserId));
  const [panelOpen, setPanelOpen] = useState(false);
  const creator = me?.type === 'featured';
  const backTo = navState.backTo ?? '/chats';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation state only seeds the first load.
  useEffect(() => {
    dispatch(conversationActivated(otherUserId));
    const opening = dispatch(openConversation({ otherUserId, chat: navState.chat }));
    return () => {
      opening.abort();
      dispatch(conversationActivated(null));
    };
  }, [dispatch, otherUserId]);

  // After a chat is hidden or deleted the user is sent to /chats.
  useEffect(() => {
    if (removed) navigate('/chats', { replace: true });
  }, [removed, navigate]);

  // Messages that arrived while the page was hidden are read when it is shown again.
  useEffect(() => {
    const onVisible = () => {
      if (!document.hidden && (chat?.unread_messages ?? 0) > 0) dispatch(readLoaded(otherUserId));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [dispatch, otherUserId, chat?.unread_messages]);

  if (convo.status === 'locked') {
    return (
      <Blocked
        icon={<LockIcon size={32} />}
        title="Unlock this chat"
        text={convo.error ?? undefined}
        action={
          <Link
            to={GET_CREDITS_PATH}
            state={{ backTo: conversationPath(otherUserId) }}
            className={buttonClass('primary', 'large')}
          >
            Buy Credits
          </Link>
        }
        backTo={backTo}
      />
    );
  }
  if (convo.status === 'missing') {
    return (
      <Blocked
        icon={<AlertIcon size={32} />}
        title="This user does not exist"
        text="The link may be mistyped, or the account was never made. Find people in Discover."
        action={
          <Link to="/discover" className={buttonClass('primary')}>
            Go to Discover
          </Link>
        }
        backTo={backTo}
      />
    );
  }
  if (convo.status === 'unavailable' || convo.status === 'gone' || convo.status === 'error') {
    return (
      <Blocked
        icon={<AlertIcon size={32} />}
        title={convo.status === 'error' ? 'This chat could not be loaded' : 'This chat is not available'}
        text={convo.error ?? undefined}
        action={
          convo.status === 'error' ? (
            <Button onClick={() => dispatch(openConversation({ otherUserId }))}>Try again</Button>
          ) : undefined
        }
        backTo={backTo}
      />
    );
  }
  if (!chat || (convo.status !== 'ready' && convo.messageIds.length === 0)) {
    return <ConversationSkeleton />;
  }

  return (
    <div className={styles.screen} data-panel={panelOpen || undefined}>
      <section className={styles.conversation} aria-label={`Conversation with ${chat.other_user.username}`}>
        <ConversationHeader
          chat={chat}
          backTo={backTo}
          notesOpen={panelOpen}
          onToggleNotes={creator ? () => setPanelOpen((open) => !open) : undefined}
        />
        <MessageList otherUserId={otherUserId} chat={chat} />
        <Composer otherUserId={otherUserId} chat={chat} />
      </section>
      {creator && panelOpen && <FanPanel chat={chat} onClose={() => setPanelOpen(false)} />}
    </div>
  );
}

function Blocked({
  icon,
  title,
  text,
  action,
  backTo,
}: {
  icon: React.ReactNode;
  title: string;
  text?: string | undefined;
  action?: React.ReactNode;
  backTo: string;
}) {
  return (
    <div className={styles.center}>
      <EmptyState
        icon={icon}
        title={title}
        text={text}
        action={
          <div className={styles.blockedActions}>
            {action}
            <Link to={backTo} className={buttonClass('secondary')}>
              Back to chats
            </Link>
          </div>
        }
      />
    </div>
  );
}
