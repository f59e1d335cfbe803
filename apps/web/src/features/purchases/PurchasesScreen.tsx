import type { Purchase } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { requestReset, selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { ImageIcon, LockIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { MediaTile, TileGrid } from '../media/MediaTile';
import { MediaViewer } from '../media/MediaViewer';
import { SelectionBar } from '../media/SelectionBar';
import { selectFeature } from '../provider/providerConfigSlice';
import { Note } from '../settings/Note';
import { SettingsPage } from '../settings/SettingsPage';
import { PostPurchases } from './PostPurchases';
import { PurchaseMeta, purchaseDay } from './PurchaseMeta';
import styles from './PurchasesScreen.module.css';
import {
  allPurchasesToggled,
  loadMorePurchases,
  loadPurchases,
  loadSellers,
  noticeCleared,
  PURCHASE_TABS,
  type PurchasesTab,
  purchaseToggled,
  selectionCleared,
  selectPurchases,
  setPurchasesHidden,
  tabChanged,
  unknownSellers,
} from './purchasesSlice';

const EMPTY: Record<PurchasesTab, { title: string; text: string }> = {
  visible: {
    title: 'No chat purchases yet',
    text: 'Photos and videos you unlock in chats show up here, to see again whenever you like.',
  },
  hidden: {
    title: 'Nothing hidden',
    text: 'Purchases you hide move here, out of the way. You can show them again.',
  },
  all: {
    title: 'No chat purchases yet',
    text: 'Photos and videos you unlock in chats show up here, to see again whenever you like.',
  },
};

const kindOf = (p: Purchase) => (p.message.type === 'video' ? 'video' : 'photo');

/**
 * /account/purchases: what the fan bought in chats, newest first, 20 at a time. Tabs split visible
 * from hidden ones; Select picks several to hide or show again. A purchase made in another tab or
 * device comes on top while the page is open (`paid_content`).
 */
export function PurchasesScreen() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectPurchases);
  // usd_content: content prices also in US dollars for this account.
  const usdContent = useAppSelector(selectFeature('usd_content'));
  const { tab, items, next, loaded, selected, sellers, notice } = state;
  const loading = useAppSelector((s) => selectRequest(s, loadPurchases));
  const loadingMore = useAppSelector((s) => selectRequest(s, loadMorePurchases)).status === 'Fetching';
  const changing = useAppSelector((s) => selectRequest(s, setPurchasesHidden));
  const [selecting, setSelecting] = useState(false);
  const [open, setOpen] = useState<Purchase | null>(null);

  useEffect(() => {
    const request = dispatch(loadPurchases(tab));
    return () => request.abort();
  }, [dispatch, tab]);
  // Each visit starts with nothing picked and nothing said.
  useEffect(() => {
    dispatch(selectionCleared());
    dispatch(requestReset(setPurchasesHidden.typePrefix));
    return () => void dispatch(noticeCleared());
  }, [dispatch]);

  const missing = unknownSellers(state).join(',');
  useEffect(() => {
    if (missing) void dispatch(loadSellers(missing.split(',')));
  }, [dispatch, missing]);

  const showTab = (next: PurchasesTab) => {
    dispatch(tabChanged(next));
    dispatch(noticeCleared());
  };
  const stopSelecting = () => {
    setSelecting(false);
    dispatch(selectionCleared());
  };
  const change = (hidden: boolean) => {
    const ids = items.filter((p) => selected.includes(p._id) && p.is_hidden !== hidden).map((p) => p._id);
    if (ids.length > 0) void dispatch(setPurchasesHidden({ ids, hidden }));
  };
  const picked = items.filter((p) => selected.includes(p._id));
  const toHide = picked.filter((p) => !p.is_hidden).length;
  const toShow = picked.length - toHide;

  return (
    <SettingsPage
      title="Purchases"
      subtitle="Photos and videos you unlocked in chats, and the posts you unlocked."
    >
      <div className={styles.head}>
        <div className={styles.tabs} role="tablist" aria-label="Which purchases">
          {PURCHASE_TABS.map((t) => (
            <button
              key={t.tab}
              type="button"
              role="tab"
              className={styles.tab}
              aria-selected={tab === t.tab}
              onClick={() => showTab(t.tab)}
            >
              {t.label}
            </button>
          ))}
        </div>
        {items.length > 0 && (
          <Button
            variant="secondary"
            size="small"
            onClick={() => (selecting ? stopSelecting() : setSelecting(true))}
          >
            {selecting ? 'Done' : 'Select'}
          </Button>
        )}
      </div>
      {notice && <Note tone="success">{notice}</Note>}
      <FormAlert message={changing.status === 'Error' ? changing.error?.message : null} />
      {selecting && items.length > 0 && (
        <SelectionBar
          count={selected.length}
          total={items.length}
          onToggleAll={() => dispatch(allPurchasesToggled())}
        >
          {tab !== 'hidden' && (
            <Button
              size="small"
              disabled={toHide === 0}
              loading={changing.status === 'Fetching'}
              onClick={() => change(true)}
            >
              {toHide > 0 ? `Hide ${toHide}` : 'Hide'}
            </Button>
          )}
          {tab !== 'visible' && (
            <Button
              size="small"
              variant={tab === 'all' ? 'secondary' : 'primary'}
              disabled={toShow === 0}
              loading={changing.status === 'Fetching'}
              onClick={() => change(false)}
            >
              {toShow > 0 ? `Unhide ${toShow}` : 'Unhide'}
            </Button>
          )}
        </SelectionBar>
      )}
      <div role="tabpanel" aria-label={PURCHASE_TABS.find((t) => t.tab === tab)?.label}>
        {!loaded && loading.status === 'Error' ? (
          <div className={styles.center}>
            <Note tone="error">Your purchases could not be loaded.</Note>
            <Button variant="secondary" size="small" onClick={() => dispatch(loadPurchases(tab))}>
              Try again
            </Button>
          </div>
        ) : !loaded ? (
          <div className={styles.center}>
            <Spinner size={50} label="Loading your purchases" />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={tab === 'hidden' ? <LockIcon size={34} /> : <ImageIcon size={34} />}
            title={EMPTY[tab].title}
            text={EMPTY[tab].text}
            action={tab === 'hidden' ? undefined : <Link to="/discover">Discover creators</Link>}
          />
        ) : (
          <TileGrid wide label="Purchases">
            {items.map((p) => {
              const seller = sellers[p.seller_id];
              const name = seller?.username ?? 'Creator';
              const media = p.message.media;
              return (
                <li key={p._id} className={styles.item} data-testid="purchase">
                  <MediaTile
                    thumb={media?.th ?? null}
                    video={p.message.type === 'video'}
                    length={media?.video_length ?? null}
                    {...(selecting ? { pressed: selected.includes(p._id) } : {})}
                    label={
                      selecting
                        ? `Select ${kindOf(p)} from ${name}, ${purchaseDay(p.created_at)}`
                        : media
                          ? `Open ${kindOf(p)} from ${name}`
                          : `${kindOf(p)} from ${name}, no longer available`
                    }
                    onClick={() => (selecting ? dispatch(purchaseToggled(p._id)) : media && setOpen(p))}
                  >
                    {media ? null : p.message.text ? p.message.text : 'No longer available'}
                  </MediaTile>
                  <PurchaseMeta
                    to={`/chats/${p.seller_id}`}
                    seller={seller?.username}
                    price={p.price}
                    priceInDollars={p.price_in_dollars}
                    usdContent={usdContent}
                    boughtAt={p.created_at}
                  >
                    {tab === 'all' && p.is_hidden && <span className={styles.hidden}>Hidden</span>}
                  </PurchaseMeta>
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
              onClick={() => dispatch(loadMorePurchases({ tab, next }))}
            >
              Show more
            </Button>
          </div>
        )}
      </div>
      {/* Post unlocks have no hide of their own: they stay out of the Hidden tab. */}
      {tab !== 'hidden' && <PostPurchases usdContent={usdContent} />}
      {open?.message.media && (
        <MediaViewer
          media={open.message.media}
          kind={open.message.type === 'video' ? 'video' : 'image'}
          onClose={() => setOpen(null)}
        />
      )}
    </SettingsPage>
  );
}
