import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { IconButton } from '../../ui/IconButton';
import { FeedIcon, RefreshIcon } from '../../ui/icons';
import { selectUser } from '../auth/authSlice';
import { PageHeader } from '../shell/PageHeader';
import { Composer } from './Composer';
import { unreadFeedsLabel } from './feedEvents';
import { loadFeed, selectFeedList } from './feedSlice';
import styles from './HomeFeedScreen.module.css';
import { PostList } from './PostList';

/**
 * /feed: the posts of the creators I follow or subscribe to, newest first; creators write new
 * posts at the top. Posts announced live (new_feed) wait behind a "new posts" button rather than
 * moving what is being read.
 */
export function HomeFeedScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const list = useAppSelector((state) => selectFeedList(state));
  const unread = user?.unread_feeds ?? 0;
  const refreshing = list.status === 'loading' && list.fetchedAt !== null;
  const refresh = () => void dispatch(loadFeed({ force: true }));

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Feed"
        subtitle="Posts from the creators you follow."
        actions={
          <IconButton aria-label="Refresh the feed" onClick={refresh} disabled={refreshing}>
            <RefreshIcon className={refreshing ? styles.spinning : undefined} />
          </IconButton>
        }
      />
      {user?.type === 'featured' && <Composer />}
      {unread > 0 && list.fetchedAt !== null && (
        <button type="button" className={styles.newPosts} onClick={refresh}>
          Show {unreadFeedsLabel(unread)} new {unread === 1 ? 'post' : 'posts'}
        </button>
      )}
      <PostList
        empty={
          <EmptyState
            icon={<FeedIcon size={34} />}
            title="Your feed is quiet"
            text="Follow or subscribe to creators and their posts show up here."
            action={
              <Link to="/discover" className={buttonClass('primary')}>
                Discover creators
              </Link>
            }
          />
        }
      />
    </div>
  );
}
