import type { PostPurchase } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { MediaTile, TileGrid } from '../media/MediaTile';
import { MediaViewer } from '../media/MediaViewer';
import { Note } from '../settings/Note';
import { PurchaseMeta } from './PurchaseMeta';
import styles from './PurchasesScreen.module.css';
import { loadMorePostPurchases, loadPostPurchases, selectPurchases } from './purchasesSlice';

const kindOf = (p: PostPurchase) =>
  p.post?.type === 'video' || p.post?.media?.video_length != null ? 'video' : 'photo';

/**
 * The posts the fan unlocked, newest purchase first, 20 at a time: each with its creator (linking
 * to her page), the price paid and the day. A post its creator deleted stays listed, as "Removed".
 */
export function PostPurchases({ usdContent }: { usdContent: boolean }) {
  const dispatch = useAppDispatch();
  const { items, next, loaded } = useAppSelector(selectPurchases).posts;
  const loading = useAppSelector((s) => selectRequest(s, loadPostPurchases));
  const loadingMore = useAppSelector((s) => selectRequest(s, loadMorePostPurchases)).status === 'Fetching';
  const [open, setOpen] = useState<PostPurchase | null>(null);

  useEffect(() => {
    const request = dispatch(loadPostPurchases());
    return () => request.abort();
  }, [dispatch]);

  return (
    <section className={styles.posts} aria-labelledby="post-purchases-title">
      <h2 id="post-purchases-title" className={styles.postsTitle}>
        Unlocked posts
      </h2>
      {!loaded && loading.status === 'Error' ? (
        <div className={styles.center}>
          <Note tone="error">Your unlocked posts could not be loaded.</Note>
          <Button variant="secondary" size="small" onClick={() => dispatch(loadPostPurchases())}>
            Try again
          </Button>
        </div>
      ) : !loaded ? (
        <div className={styles.center}>
          <Spinner size={25} label="Loading your unlocked posts" />
        </div>
      ) : items.length === 0 ? (
        <p className={styles.postsEmpty}>Paid posts you unlock in creators' feeds show up here.</p>
      ) : (
        <TileGrid wide label="Unlocked posts">
          {items.map((p) => {
            const media = p.post?.media ?? null;
            const name = p.seller.username;
            return (
              <li key={p._id} className={styles.item} data-testid="post-purchase">
                <MediaTile
                  thumb={media?.th ?? null}
                  video={kindOf(p) === 'video'}
                  length={media?.video_length ?? null}
                  label={media ? `Open post from ${name}` : `Post from ${name}, removed`}
                  onClick={() => media && setOpen(p)}
                >
                  {media ? null : p.post ? p.post.text : 'Removed by the creator'}
                </MediaTile>
                <PurchaseMeta
                  to={`/${encodeURIComponent(name)}`}
                  seller={name}
                  kind="Post"
                  price={p.price}
                  priceInDollars={p.price_in_dollars}
                  usdContent={usdContent}
                  boughtAt={p.created_at}
                />
              </li>
            );
          })}
        </TileGrid>
      )}
      {loaded && next && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            loading={loadingMore}
            onClick={() => dispatch(loadMorePostPurchases(next))}
          >
            Show more posts
          </Button>
        </div>
      )}
      {open?.post?.media && (
        <MediaViewer
          media={open.post.media}
          kind={kindOf(open) === 'video' ? 'video' : 'image'}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
