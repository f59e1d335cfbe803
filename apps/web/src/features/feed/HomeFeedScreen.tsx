import { useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { IconButton } from '../../ui/IconButton';
import { FeedIcon, RefreshIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/authSlice';
import { Composer } from './Composer';
import { CreatorFeed } from './CreatorFeed';
import { ExclusiveContentBanner } from './ExclusiveContentBanner';
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
  const unread = user?.unread_feeds ?? 0;
  const creator = user?.type === 'featured';
  // A creator's own posts are not in their home feed: they read and manage them under "My posts".
  const [view, setView] = useState<'feed' | 'mine' | 'scheduled'>('feed');
  const mine = creator && view === 'mine' && user;
  const scheduled = creator && view === 'scheduled';
  const modelId = mine ? user._id : undefined;
  const list = useAppSelector((state) => selectFeedList(state, modelId, scheduled));
  const refreshing = list.status === 'loading' && list.fetchedAt !== null;
  const refresh = () => void dispatch(loadFeed({ force: true, modelId, scheduled }));

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Feed"
        subtitle={
          scheduled
            ? 'Your posts waiting for their time, soonest first. Only you see them until then.'
            : mine
              ? 'Your posts, pinned first, as fans see them on your page.'
              : 'Posts from the creators you follow.'
        }
        actions={
          <IconButton aria-label="Refresh the feed" onClick={refresh} disabled={refreshing}>
            <RefreshIcon className={refreshing ? styles.spinning : undefined} />
          </IconButton>
        }
      />
      {creator && <ExclusiveContentBanner />}
      {creator && <Composer onPosted={(later) => setView(later ? 'scheduled' : 'mine')} />}
      {creator && (
        <fieldset className={styles.views}>
          <legend className="visually-hidden">Show</legend>
          <button
            type="button"
            className={styles.view}
            aria-pressed={view === 'feed'}
            onClick={() => setView('feed')}
          >
            Following
          </button>
          <button
            type="button"
            className={styles.view}
            aria-pressed={view === 'mine'}
            onClick={() => setView('mine')}
          >
            My posts
          </button>
          <button
            type="button"
            className={styles.view}
            aria-pressed={view === 'scheduled'}
            onClick={() => setView('scheduled')}
          >
            Scheduled
          </button>
        </fieldset>
      )}
      {scheduled ? (
        <PostList
          scheduled
          empty={
            <EmptyState
              icon={<FeedIcon size={34} />}
              title="Nothing scheduled"
              text="Turn on Publish later in a new post to have it appear at a time you choose."
            />
          }
        />
      ) : mine ? (
        <CreatorFeed modelId={user._id} />
      ) : (
        <HomePosts unread={unread} refresh={refresh} fetched={list.fetchedAt !== null} />
      )}
    </div>
  );
}

function HomePosts({ unread, refresh, fetched }: { unread: number; refresh: () => void; fetched: boolean }) {
  return (
    <>
      {unread > 0 && fetched && (
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
    </>
  );
}
