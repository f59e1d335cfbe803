import type { AutoMessageCategory } from '@parlor/contract';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { selectRequest } from '../../platform/requests';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { ChatAreas } from '../chats/ChatAreas';
import { AutoMessageEditor } from './AutoMessageEditor';
import styles from './AutoMessagesScreen.module.css';
import { CATEGORIES, categoryInfo, isCategory, messageCount } from './autoMessagesModel';
import {
  loadAutoMessageLog,
  loadAutoMessages,
  loadMoreAutoMessageLog,
  selectAnyDirty,
  selectAutoMessages,
  selectDirty,
} from './autoMessagesSlice';

/**
 * /auto-messages (creators): the five categories with what each sends, an editor per category
 * (/auto-messages/{category}) and the log of what went out. On a phone the editor takes the whole
 * screen; from 1152 px it sits beside the categories.
 */
export function AutoMessagesScreen() {
  const dispatch = useAppDispatch();
  const param = useParams().category;
  const category = isCategory(param) ? param : null;
  const { entries } = useAppSelector(selectAutoMessages);
  const loading = useAppSelector((s) => selectRequest(s, loadAutoMessages));
  const anyDirty = useAppSelector(selectAnyDirty);

  useEffect(() => {
    void dispatch(loadAutoMessages());
  }, [dispatch]);

  // A reload or a closed tab would lose unsaved edits: the browser asks first.
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  return (
    <>
      <div className={styles.areas}>
        <ChatAreas />
      </div>
      <PageHeader
        title="Automatic messages"
        subtitle="Messages your fans get on their own when something happens."
      />
      {entries === null ? (
        loading.status === 'Error' ? (
          <div className={styles.failed}>
            <FormAlert message={loading.error?.message ?? 'Your automatic messages could not be loaded.'} />
            <Button variant="secondary" onClick={() => dispatch(loadAutoMessages())}>
              Try again
            </Button>
          </div>
        ) : (
          <div className={styles.center}>
            <Spinner size={50} label="Loading your automatic messages" />
          </div>
        )
      ) : (
        <div className={styles.layout} data-editing={category ? '' : undefined}>
          <div className={styles.listPane}>
            <CategoryList current={category} />
          </div>
          <div className={styles.mainPane}>
            {category ? <AutoMessageEditor key={category} category={category} /> : <SendLog />}
          </div>
        </div>
      )}
    </>
  );
}

function CategoryList({ current }: { current: AutoMessageCategory | null }) {
  const { entries } = useAppSelector(selectAutoMessages);
  return (
    <nav aria-label="Categories">
      <ul className={styles.categories}>
        {CATEGORIES.map((info) => {
          const entry = entries?.find((e) => e.category === info.category);
          return (
            <li key={info.category}>
              <CategoryRow
                category={info.category}
                current={current === info.category}
                excerpt={entry?.excerpt ?? ''}
                count={entry?.messages.length ?? 0}
              />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function CategoryRow({
  category,
  current,
  excerpt,
  count,
}: {
  category: AutoMessageCategory;
  current: boolean;
  excerpt: string;
  count: number;
}) {
  const dirty = useAppSelector((s) => selectDirty(s, category));
  const info = categoryInfo(category);
  return (
    <Link
      to={`/auto-messages/${category}`}
      className={styles.category}
      aria-current={current ? 'page' : undefined}
    >
      <span className={styles.categoryTop}>
        <span className={styles.categoryName}>{info.label}</span>
        <span className={count > 0 ? styles.countOn : styles.countOff}>{messageCount(count)}</span>
      </span>
      <span className={styles.explanation}>{info.explanation}</span>
      {excerpt ? (
        <span className={styles.excerpt}>“{excerpt}”</span>
      ) : (
        <span className={styles.excerptNone}>Nothing is sent yet.</span>
      )}
      {dirty && <span className={styles.unsaved}>Unsaved changes</span>}
    </Link>
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What went out automatically, newest first, 20 at a time. */
function SendLog() {
  const dispatch = useAppDispatch();
  const { log } = useAppSelector(selectAutoMessages);
  const loading = useAppSelector((s) => selectRequest(s, loadAutoMessageLog));
  const more = useAppSelector((s) => selectRequest(s, loadMoreAutoMessageLog));

  useEffect(() => {
    void dispatch(loadAutoMessageLog());
  }, [dispatch]);

  return (
    <Card aria-labelledby="auto-log-title">
      <CardTitle id="auto-log-title">Sent automatically</CardTitle>
      {!log.loaded && loading.status !== 'Error' && <Spinner size={25} label="Loading the log" />}
      {loading.status === 'Error' && (
        <FormAlert message={loading.error?.message ?? 'The log could not be loaded.'} />
      )}
      {log.loaded && log.items.length === 0 && (
        <p className={styles.muted}>When an automatic message goes out, it is listed here.</p>
      )}
      {log.items.length > 0 && (
        <ul className={styles.log} aria-label="Automatic messages sent">
          {log.items.map((entry) => (
            <li key={entry._id} className={styles.logItem}>
              <Link to={`/chats/${entry.fan._id}`} className={styles.logFan}>
                {entry.fan.username}
              </Link>
              <span className={styles.logCategory}>{categoryInfo(entry.category).label}</span>
              <time dateTime={entry.sent_at} className={styles.logTime}>
                {timeFormat.format(new Date(entry.sent_at))}
              </time>
            </li>
          ))}
        </ul>
      )}
      <FormAlert message={more.status === 'Error' ? more.error?.message : null} />
      {log.next && (
        <Button
          variant="secondary"
          size="small"
          loading={more.status === 'Fetching'}
          onClick={() => log.next && dispatch(loadMoreAutoMessageLog(log.next))}
        >
          Load more
        </Button>
      )}
    </Card>
  );
}
