import type { FanList, InboxFilter } from '@parlor/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { selectConnected } from '../../platform/connectionSlice';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ChatIcon, SearchIcon } from '../../ui/icons';
import { ScrollRow } from '../../ui/ScrollRow';
import { ChatRowSkeleton } from '../../ui/Skeletons';
import { selectUser } from '../auth/authSlice';
import { emptyListTabText } from '../lists/listRules';
import { selectFanList, selectFanLists } from '../lists/listsSlice';
import { loadLists } from '../lists/listsThunks';
import { useSeatAllows } from '../team/seatAccess';
import { BulkActionBar } from './BulkActionBar';
import { ChatAreas } from './ChatAreas';
import { ChatRow } from './ChatRow';
import { HiddenChats } from './HiddenChats';
import styles from './Inbox.module.css';
import { expireRecent } from './inboxEffects';
import {
  selectInboxList,
  selectInboxTotals,
  selectNextRecentExpiry,
  selectSelectionActive,
  selectTabCount,
  selectUnreadTotals,
} from './inboxSelectors';
import { filterChanged, listTabChosen, searchChanged, selectionCleared } from './inboxSlice';
import { emptyTabText, TAB_LABELS, tabsFor } from './inboxTabs';
import { fetchInboxPage, fetchInboxTotals, fetchNextInboxPage } from './inboxThunks';

/** The search waits for a short pause in typing before asking the server. */
const SEARCH_PAUSE_MS = 350;
const ROW_HEIGHT = 76;
/** Rows from the end at which the next page of 20 is asked for. */
const PAGE_AHEAD = 8;

function Tab({ filter, active, focusable }: { filter: InboxFilter; active: boolean; focusable: boolean }) {
  const dispatch = useAppDispatch();
  const count = useAppSelector((s) => selectTabCount(s, filter));
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      // One stop in the Tab order (the chosen tab, or the searched one's); arrows move between them.
      tabIndex={focusable ? 0 : -1}
      className={styles.tab}
      onClick={() => dispatch(filterChanged(filter))}
    >
      {TAB_LABELS[filter]}
      {count !== undefined && <span className={styles.tabCount}>{count > 9999 ? '9999+' : count}</span>}
    </button>
  );
}

/** A fan list as a tab after the fixed ones, with its count (the list's own, as the server counted it). */
function ListTab({ list, active, focusable }: { list: FanList; active: boolean; focusable: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      tabIndex={focusable ? 0 : -1}
      className={`${styles.tab} ${styles.listTab}`}
      title={list.name}
      data-testid="inbox-list-tab"
      onClick={() => dispatch(listTabChosen(list._id))}
    >
      <span className={styles.listTabName}>{list.name}</span>
      <span className={styles.tabCount}>{list.count > 9999 ? '9999+' : list.count}</span>
    </button>
  );
}

function SearchBox() {
  const dispatch = useAppDispatch();
  const { search: current, filter } = useAppSelector(selectInboxList);
  const [text, setText] = useState(current);
  // The search this box last sent. Choosing a tab clears the search and any typing not sent yet.
  const sent = useRef(current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab is a reason to reset.
  useEffect(() => {
    sent.current = current;
    setText(current);
  }, [current, filter]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      dispatch(searchChanged(text));
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, text]);
  return (
    <div className={styles.search}>
      <SearchIcon size={18} className={styles.searchIcon} />
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search by username"
        aria-label="Search chats"
        maxLength={50}
      />
    </div>
  );
}

/** /chats: the inbox. `currentUserId` is the conversation open beside it (desktop). */
export function Inbox({ currentUserId }: { currentUserId?: string | undefined }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const list = useAppSelector(selectInboxList);
  const unread = useAppSelector(selectUnreadTotals).all;
  const connected = useAppSelector(selectConnected);
  const selectionActive = useAppSelector(selectSelectionActive);
  const [selecting, setSelecting] = useState(false);
  const [hiddenOpen, setHiddenOpen] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const creator = user?.type === 'featured';
  // A creator's fan lists are tabs too (a team seat's with chats or broadcasts, as the lists' calls allow).
  const seatSeesLists = useSeatAllows('listFanLists');
  const listsShown = creator && seatSeesLists;
  const fanLists = useAppSelector(selectFanLists);
  const shownList = useAppSelector((s) => selectFanList(s, list.listId));
  const totalsIn = useAppSelector(selectInboxTotals) !== null;

  useEffect(() => {
    void dispatch(fetchInboxTotals());
  }, [dispatch]);
  useEffect(() => {
    if (listsShown) void dispatch(loadLists());
  }, [dispatch, listsShown]);
  // Recent is a matter of the clock: the chat whose last message turns 10 minutes old leaves it then.
  const recentEnds = useAppSelector(selectNextRecentExpiry);
  useEffect(() => {
    if (recentEnds === null) return;
    const timer = setTimeout(() => dispatch(expireRecent()), Math.max(0, recentEnds - Date.now()));
    return () => clearTimeout(timer);
  }, [dispatch, recentEnds]);
  // A new filter or search starts an empty list: load its first page.
  useEffect(() => {
    if (list.status === 'None' && list.ids.length === 0) void dispatch(fetchNextInboxPage());
  }, [dispatch, list.status, list.ids.length]);

  const rowCount = list.ids.length + (list.hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (list.hasMore && list.status === 'Fetched' && lastIndex >= list.ids.length - PAGE_AHEAD) {
      void dispatch(fetchNextInboxPage());
    }
  }, [dispatch, lastIndex, list.hasMore, list.status, list.ids.length]);

  const stopSelecting = () => {
    setSelecting(false);
    dispatch(selectionCleared());
  };
  const empty = list.ids.length === 0 && !list.hasMore;
  const emptyText = list.search
    ? { title: 'No chats match your search', text: 'Try another username.' }
    : shownList
      ? emptyListTabText(shownList.kind)
      : emptyTabText(list.filter, creator);
  const panelName = shownList?.name ?? TAB_LABELS[list.filter];

  return (
    <section className={styles.inbox} aria-labelledby="inbox-title">
      <div className={styles.head}>
        <ChatAreas />
        <div className={styles.titleRow}>
          <h1 id="inbox-title" className={styles.title}>
            Chats
            {unread > 0 && (
              <span className={styles.titleBadge}>
                {unread > 999 ? '999+' : unread}
                <span className="visually-hidden"> unread messages</span>
              </span>
            )}
          </h1>
          {connected === false && (
            <span className={styles.offline} role="status">
              Reconnecting…
            </span>
          )}
          <Button
            variant="ghost"
            size="small"
            className={styles.titleAction}
            onClick={() => setHiddenOpen(true)}
          >
            Hidden
          </Button>
          {listsShown && (
            <Link
              to="/lists"
              className={`${buttonClass('ghost', 'small')} ${styles.titleAction} ${styles.listsLink}`}
            >
              Lists
            </Link>
          )}
          <Button
            variant="ghost"
            size="small"
            className={styles.titleAction}
            onClick={() => (selecting ? stopSelecting() : setSelecting(true))}
            aria-pressed={selecting}
          >
            {selecting ? 'Done' : 'Select'}
          </Button>
        </div>
        <SearchBox />
        <ScrollRow
          frameClassName={styles.tabsFrame}
          className={styles.tabs}
          role="tablist"
          aria-label="Filter chats"
          // A list's tab arrives with the lists, and the counts widen the tabs before it: it is
          // brought into view once both are there.
          activeKey={
            list.listId
              ? `${list.listId}:${shownList ? 'shown' : ''}:${totalsIn ? 'counted' : ''}`
              : list.filter
          }
          data-testid="inbox-tabs"
        >
          {tabsFor(user?.type).map((filter) => (
            <Tab
              key={filter}
              filter={filter}
              active={list.filter === filter && !list.search && !list.listId}
              focusable={list.filter === filter && !list.listId}
            />
          ))}
          {listsShown &&
            fanLists.map((fanList) => (
              <ListTab
                key={fanList._id}
                list={fanList}
                active={list.listId === fanList._id}
                focusable={list.listId === fanList._id}
              />
            ))}
        </ScrollRow>
      </div>

      <div ref={scrollRef} className={styles.scroller} role="tabpanel" aria-label={panelName}>
        {empty && list.status !== 'Error' && (
          <EmptyState icon={<ChatIcon size={34} />} title={emptyText.title} text={emptyText.text} />
        )}
        {list.status === 'Error' && (
          <div className={styles.listError} role="alert">
            <p>We couldn't load your chats.</p>
            <Button
              variant="secondary"
              size="small"
              onClick={() =>
                dispatch(
                  fetchInboxPage({
                    filter: list.filter,
                    search: list.search,
                    listId: list.listId,
                    offset: list.offset,
                  }),
                )
              }
            >
              Try again
            </Button>
          </div>
        )}
        <ul className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const id = list.ids[item.index];
            return (
              <li
                key={id ?? 'loader'}
                className={styles.rowSlot}
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              >
                {id ? (
                  <ChatRow otherUserId={id} selecting={selecting} current={id === currentUserId} />
                ) : (
                  list.status !== 'Error' && <ChatRowSkeleton label="Loading more chats" />
                )}
              </li>
            );
          })}
        </ul>
      </div>
      {selecting && <BulkActionBar active={selectionActive} />}
      {hiddenOpen && <HiddenChats onClose={() => setHiddenOpen(false)} />}
    </section>
  );
}
