import { creditsToDollars, endpoints, type PublicUser } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, type ApiErrorInfo, call, toErrorInfo } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { AlertIcon, ChatIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { selectUser } from '../auth/authSlice';
import { formatLastSeen } from '../chats/relativeTime';
import type { ConversationNavState } from '../conversation/ConversationScreen';
import { needsUnlock, unlockFreeChatPopup } from '../payments/freeChat';
import { SubscribeButton } from '../subscriptions/SubscribeButton';
import styles from './CreatorProfileScreen.module.css';

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; user: PublicUser }
  | { state: 'error'; error: ApiErrorInfo };

/** /{username}: a creator's public page (minimal for now) with a Message button. */
export function CreatorProfileScreen() {
  const { username = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    call(endpoints.publicProfile, { params: { username } }, { signal: controller.signal })
      .then((user) => setLoad({ state: 'loaded', user }))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', error: toErrorInfo(e) });
      });
    return () => controller.abort();
  }, [username]);

  if (load.state === 'loading') {
    return (
      <div className={styles.center}>
        <Spinner size={50} label="Loading profile" />
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <EmptyState
        level={1}
        icon={<AlertIcon size={32} />}
        title={load.error.status === 404 ? 'This profile does not exist' : 'This profile could not be loaded'}
        text={load.error.message}
      />
    );
  }

  const { user } = load;
  const own = me?._id === user._id;

  // POST /v1/chat opens (or creates) the chat, then the conversation gets it in navigation state.
  const message = async () => {
    setOpening(true);
    setError(null);
    try {
      const chat = await call(endpoints.openChat, { body: { recipient_id: user._id } });
      const state: ConversationNavState = { chat, backTo: pathname };
      navigate(`/chats/${encodeURIComponent(user._id)}`, { state });
    } catch (e) {
      if (e instanceof ApiError && needsUnlock(e)) dispatch(unlockFreeChatPopup(pathname, e.message));
      else setError(toErrorInfo(e).message);
      setOpening(false);
    }
  };

  return (
    <article className={styles.profile} aria-labelledby="profile-name">
      <div className={styles.cover} aria-hidden="true" />
      <div className={styles.card}>
        <div className={styles.avatar}>
          <Avatar name={user.username} src={user.avatar_url} size={112} />
          {user.is_online && <span className={styles.onlineDot} />}
        </div>
        <h1 id="profile-name" className={styles.name}>
          {user.username}
        </h1>
        <p className={styles.meta}>
          <span className={styles.badge}>{user.type === 'featured' ? 'Creator' : 'Member'}</span>
          <span>
            {user.is_online
              ? 'Online now'
              : user.last_online
                ? `Last seen ${formatLastSeen(user.last_online)}`
                : ''}
          </span>
        </p>
        {user.bio && <p className={styles.bio}>{user.bio}</p>}
        {user.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {user.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
        {user.type === 'featured' && (
          <p className={styles.price}>
            Subscription: <strong>{user.subscription_price} credits</strong> ($
            {creditsToDollars(user.subscription_price)}) a month
          </p>
        )}
        <FormAlert message={error} />
        {!own && (
          <div className={styles.actions}>
            <Button size="large" onClick={message} loading={opening} className={styles.message}>
              <ChatIcon size={20} />
              Message
            </Button>
            {user.type === 'featured' && (
              <SubscribeButton modelId={user._id} username={user.username} price={user.subscription_price} />
            )}
          </div>
        )}
      </div>
    </article>
  );
}
