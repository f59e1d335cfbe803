import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { LinkButton } from '../../ui/LinkButton';
import { SelectField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { INBOX_CATEGORIES } from '../chats/inboxCategories';
import { TAB_LABELS } from '../chats/inboxTabs';
import { fansCount } from '../lists/listRules';
import { selectFanLists } from '../lists/listsSlice';
import { loadLists } from '../lists/listsThunks';
import { seatAllows } from '../team/seatAccess';
import own from './BroadcastAudience.module.css';
import styles from './BroadcastScreen.module.css';
import { audienceIsEmpty, type BroadcastAudience, reachBody, reachKey } from './broadcastModel';
import { audienceChosen, excludedListToggled, selectBroadcast } from './broadcastSlice';
import { countAudience } from './broadcastThunks';

/** The count waits for the audience to settle (a few taps on the tabs ask once). */
const COUNT_PAUSE_MS = 400;

/** The inbox calls its all-chats tab "Inbox"; as an audience it reads "All". */
const audienceLabel = (category: keyof typeof TAB_LABELS) =>
  category === 'all' ? 'All' : TAB_LABELS[category];

function selectionSummary(audience: Extract<BroadcastAudience, { kind: 'selection' }>): string {
  const n = audience.ids.length;
  if (audience.mode === 'ids') return `The ${n} chat${n === 1 ? '' : 's'} you selected in your inbox`;
  const scope = audience.search
    ? `All chats matching “${audience.search}”`
    : audience.category === 'all'
      ? 'All your chats'
      : `All chats in ${audienceLabel(audience.category)}`;
  return n > 0 ? `${scope}, except the ${n} you left out` : scope;
}

/** "Send to N fans": asked of the server whenever the audience or the draft's rules change, a moment after they settle. */
export function useAudienceReach() {
  const dispatch = useAppDispatch();
  const { audience, excludeListIds, reach, draft } = useAppSelector(selectBroadcast);
  const body = reachBody(audience, draft, excludeListIds);
  const key = reachKey(body);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the audience.
  useEffect(() => {
    if (audienceIsEmpty(audience)) return;
    let request: { abort: () => void } | null = null;
    const timer = setTimeout(() => {
      request = dispatch(countAudience(body));
    }, COUNT_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      request?.abort();
    };
  }, [dispatch, key]);
  if (audienceIsEmpty(audience)) return 0;
  return reach.key === key ? reach.total : null;
}

/** My fan lists, for a creator (and a seat whose permissions reach them): loaded once the picker shows. */
function useFanLists() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const shown = user?.type === 'featured' && seatAllows(user, 'listFanLists');
  useEffect(() => {
    if (shown) void dispatch(loadLists());
  }, [dispatch, shown]);
  const lists = useAppSelector(selectFanLists);
  return shown ? lists : [];
}

/**
 * Who gets it: one category of the inbox, the chats selected there, or one of my fan lists; and
 * the lists whose fans are left out, whichever it is.
 */
export function BroadcastAudiencePicker({ disabled }: { disabled: boolean }) {
  const dispatch = useAppDispatch();
  const { audience, excludeListIds } = useAppSelector(selectBroadcast);
  const lists = useFanLists();
  const firstList = lists[0];
  const leaveOut = lists.filter((l) => audience.kind !== 'list' || l._id !== audience.listId);

  return (
    <>
      <fieldset className={styles.fieldset} disabled={disabled}>
        <legend className={styles.legend}>Send to</legend>
        {audience.kind === 'selection' ? (
          <div className={styles.selection}>
            <p>{selectionSummary(audience)}</p>
            <LinkButton onClick={() => dispatch(audienceChosen({ kind: 'category', category: 'all' }))}>
              Choose a category instead
            </LinkButton>
          </div>
        ) : (
          <>
            {firstList && (
              <div className={own.segments}>
                <label className={own.segment}>
                  <input
                    type="radio"
                    name="broadcast-audience-kind"
                    checked={audience.kind === 'category'}
                    onChange={() => dispatch(audienceChosen({ kind: 'category', category: 'all' }))}
                  />
                  An inbox tab
                </label>
                <label className={own.segment}>
                  <input
                    type="radio"
                    name="broadcast-audience-kind"
                    checked={audience.kind === 'list'}
                    onChange={() => dispatch(audienceChosen({ kind: 'list', listId: firstList._id }))}
                  />
                  A list
                </label>
              </div>
            )}
            {audience.kind === 'list' ? (
              <SelectField
                label="List"
                value={audience.listId}
                onChange={(e) => dispatch(audienceChosen({ kind: 'list', listId: e.target.value }))}
              >
                {lists.map((l) => (
                  <option key={l._id} value={l._id}>
                    {l.name} · {fansCount(l.count)}
                  </option>
                ))}
              </SelectField>
            ) : (
              <div className={styles.chips}>
                {INBOX_CATEGORIES.map((category) => (
                  <label key={category} className={styles.chip}>
                    <input
                      type="radio"
                      name="broadcast-audience"
                      value={category}
                      checked={audience.category === category}
                      onChange={() => dispatch(audienceChosen({ kind: 'category', category }))}
                    />
                    {audienceLabel(category)}
                  </label>
                ))}
              </div>
            )}
          </>
        )}
      </fieldset>
      {leaveOut.length > 0 ? (
        <fieldset className={styles.fieldset} disabled={disabled}>
          <legend className={styles.legend}>Leave out lists</legend>
          <div className={styles.chips}>
            {leaveOut.map((l) => (
              <label key={l._id} className={`${styles.chip} ${own.listChip}`}>
                <input
                  type="checkbox"
                  checked={excludeListIds.includes(l._id)}
                  onChange={() => dispatch(excludedListToggled(l._id))}
                />
                {l.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        lists.length === 0 &&
        audience.kind !== 'selection' && (
          <p className={styles.muted}>
            Send to a group of fans you choose, or leave one out: <Link to="/lists">make a list</Link>.
          </p>
        )
      )}
    </>
  );
}
