import {
  type BroadcastStats,
  type BroadcastUpdateRequest,
  MESSAGE_MAX_LENGTH,
  SCHEDULE_MESSAGES,
} from '@parlor/contract';
import { useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { SelectField } from '../../ui/TextField';
import { selectUser } from '../auth/authSlice';
import { fansCount } from '../lists/listRules';
import { selectFanLists } from '../lists/listsSlice';
import { PriceField, parsePrice } from '../media/PriceField';
import { ScheduleField } from '../scheduling/ScheduleField';
import { checkSchedule, scheduleInputOf } from '../scheduling/scheduleTime';
import { seatHas } from '../team/seatAccess';
import audienceStyles from './BroadcastAudience.module.css';
import own from './BroadcastLists.module.css';
import styles from './BroadcastScreen.module.css';
import { updateScheduled } from './broadcastThunks';

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * Changes a scheduled broadcast until it starts: its time, text, price (a photo or video's, with
 * the `paid` permission in a seat) and lists. Only what changed is sent; a 409 means it started
 * meanwhile, which the list then says.
 */
export function ScheduledEditDialog({
  b,
  onClose,
}: {
  b: BroadcastStats;
  onClose: (notice?: string) => void;
}) {
  const dispatch = useAppDispatch();
  const id = useId();
  const lists = useAppSelector(selectFanLists);
  const canCharge = useAppSelector((state) => seatHas(selectUser(state), 'paid'));
  const [when, setWhen] = useState(() => scheduleInputOf(b.send_at ?? new Date().toISOString()));
  const [whenError, setWhenError] = useState<string | null>(null);
  const [text, setText] = useState(b.text ?? '');
  const [price, setPrice] = useState(b.price ? String(b.price) : '');
  const [listId, setListId] = useState(b.list?._id ?? '');
  const initialExcluded = b.exclude_lists.map((l) => l._id);
  const [excluded, setExcluded] = useState<string[]>(initialExcluded);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const media = b.type !== 'text';

  const save = async () => {
    setError(null);
    const check = checkSchedule(when, new Date());
    if (!check.ok) {
      setWhenError(check.message);
      return;
    }
    const body: BroadcastUpdateRequest = {};
    if (!b.send_at || Date.parse(check.iso) !== Date.parse(b.send_at)) body.send_at = check.iso;
    if (text.trim() !== (b.text ?? '')) body.text = text.trim() || null;
    if (media && canCharge && parsePrice(price) !== b.price) body.price = parsePrice(price);
    if (b.list && listId && listId !== b.list._id) body.list_id = listId;
    if (!sameIds(excluded, initialExcluded)) body.exclude_list_ids = excluded.join(',');
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    const result = await dispatch(updateScheduled({ id: b._id, body }));
    setBusy(false);
    if (updateScheduled.fulfilled.match(result)) onClose('Saved. It goes out at the time shown.');
    else if (result.payload?.status === 409) onClose(SCHEDULE_MESSAGES.started);
    else if (result.payload?.field === 'send_at') setWhenError(result.payload.message);
    else setError(result.payload?.message ?? 'Something went wrong. Please try again later.');
  };

  const leaveOut = lists.filter((l) => l._id !== listId);
  return (
    <Dialog
      title="Edit scheduled broadcast"
      onClose={busy ? undefined : () => onClose()}
      actions={
        <>
          <Button variant="secondary" onClick={() => onClose()} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Save changes
          </Button>
        </>
      }
    >
      <div className={own.editForm}>
        <ScheduleField
          legend="When to send"
          value={when}
          onChange={(next) => {
            setWhen(next);
            setWhenError(null);
          }}
          error={whenError}
          disabled={busy}
        />
        <label className={styles.field} htmlFor={`${id}-text`}>
          Message
          <textarea
            id={`${id}-text`}
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            value={text}
            disabled={busy}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        {media && canCharge && (
          <PriceField
            id={`${id}-price`}
            value={price}
            disabled={busy}
            onChange={setPrice}
            audience="fans"
            classNames={{ field: styles.field, hint: styles.hint }}
          />
        )}
        {b.list && lists.length > 0 && (
          <SelectField
            label="List"
            value={listId}
            disabled={busy}
            onChange={(e) => setListId(e.target.value)}
          >
            {lists.map((l) => (
              <option key={l._id} value={l._id}>
                {l.name} · {fansCount(l.count)}
              </option>
            ))}
          </SelectField>
        )}
        {leaveOut.length > 0 && (
          <fieldset className={styles.fieldset} disabled={busy}>
            <legend className={styles.legend}>Leave out lists</legend>
            <div className={styles.chips}>
              {leaveOut.map((l) => (
                <label key={l._id} className={`${styles.chip} ${audienceStyles.listChip}`}>
                  <input
                    type="checkbox"
                    checked={excluded.includes(l._id)}
                    onChange={() =>
                      setExcluded((ids) =>
                        ids.includes(l._id) ? ids.filter((x) => x !== l._id) : [...ids, l._id],
                      )
                    }
                  />
                  {l.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <FormAlert message={error} />
      </div>
    </Dialog>
  );
}
