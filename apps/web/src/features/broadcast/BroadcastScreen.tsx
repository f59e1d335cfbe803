import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/authSlice';
import { ChatAreas } from '../chats/ChatAreas';
import { PageHeader } from '../shell/PageHeader';
import { NotFoundScreen } from '../system/NotFoundScreen';
import { BroadcastComposer } from './BroadcastComposer';
import { BroadcastProgress } from './BroadcastProgress';
import styles from './BroadcastScreen.module.css';
import { BroadcastStatsList } from './BroadcastStatsList';
import { loadBroadcasts } from './broadcastThunks';

/**
 * /broadcast (creators only): one message to many chats. The list is read on arrival, which also
 * finds a broadcast still sending after a reload and shows its progress; events carry it on.
 */
export function BroadcastScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const creator = user?.type === 'featured';
  useEffect(() => {
    if (creator) void dispatch(loadBroadcasts({ reset: true }));
  }, [dispatch, creator]);
  if (!creator) return <NotFoundScreen />;

  return (
    <div className={styles.screen}>
      <ChatAreas />
      <PageHeader title="Broadcast" subtitle="One message to many fans at once." />
      <div className={styles.columns}>
        <div className={styles.main}>
          <BroadcastProgress />
          <BroadcastComposer />
        </div>
        <BroadcastStatsList />
      </div>
    </div>
  );
}
