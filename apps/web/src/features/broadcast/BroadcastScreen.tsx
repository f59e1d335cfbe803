import { BROADCAST_MESSAGES } from '@parlor/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { LockIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/authSlice';
import { ChatAreas } from '../chats/ChatAreas';
import { selectFeatureOff } from '../provider/providerConfigSlice';
import { NotFoundScreen } from '../system/NotFoundScreen';
import { BroadcastComposer } from './BroadcastComposer';
import { BroadcastLists } from './BroadcastLists';
import { BroadcastProgress } from './BroadcastProgress';
import styles from './BroadcastScreen.module.css';
// The screen's live updates, registered with its code.
import './broadcastListeners';
import { audienceHandedOver } from './broadcastModel';
import { screenOpened } from './broadcastSlice';
import { loadBroadcasts, loadScheduled } from './broadcastThunks';

/**
 * /broadcast (creators only): one message to many chats. The list is read on arrival, which also
 * finds a broadcast still sending after a reload and shows its progress; events carry it on.
 */
export function BroadcastScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const creator = user?.type === 'featured';
  const off = useAppSelector(selectFeatureOff('broadcast'));
  const isBroadcasting = Boolean(user?.is_broadcasting);
  const location = useLocation();
  // Once per arrival (the location's key): the inbox's selection comes as the navigation's state.
  const handedOver = audienceHandedOver(location.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: taken on arrival only, not as the user changes.
  useEffect(() => {
    if (!creator || off) return;
    dispatch(screenOpened({ isBroadcasting, audience: handedOver }));
    void dispatch(loadBroadcasts({ reset: true }));
    void dispatch(loadScheduled({ reset: true }));
  }, [dispatch, creator, off, location.key]);
  if (!creator) return <NotFoundScreen />;
  // An admin can turn broadcasts off for the account; the area then says so instead of composing.
  if (off)
    return (
      <div className={styles.screen}>
        <ChatAreas />
        <PageHeader title="Broadcast" />
        <EmptyState icon={<LockIcon />} title={BROADCAST_MESSAGES.notAllowed} />
      </div>
    );

  return (
    <div className={styles.screen}>
      <ChatAreas />
      <PageHeader title="Broadcast" subtitle="One message to many fans at once." />
      <div className={styles.columns}>
        <div className={styles.main}>
          <BroadcastProgress />
          <BroadcastComposer />
        </div>
        <BroadcastLists />
      </div>
    </div>
  );
}
