import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { LinkButton } from '../../ui/LinkButton';
import { INBOX_CATEGORIES } from '../chats/inboxCategories';
import { TAB_LABELS } from '../chats/inboxTabs';
import styles from './BroadcastScreen.module.css';
import { audienceIsEmpty, type BroadcastAudience, reachBody, reachKey } from './broadcastModel';
import { audienceChosen, selectBroadcast } from './broadcastSlice';
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
  const { audience, reach, draft } = useAppSelector(selectBroadcast);
  const body = reachBody(audience, draft);
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

/** Who gets it: one category of the inbox, or the chats selected there. */
export function BroadcastAudiencePicker({ disabled }: { disabled: boolean }) {
  const dispatch = useAppDispatch();
  const { audience } = useAppSelector(selectBroadcast);

  return (
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
    </fieldset>
  );
}
