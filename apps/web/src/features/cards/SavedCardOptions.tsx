import { VALIDATION } from '@parlor/contract';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { CardIcon, TrashIcon } from '../../ui/icons';
import { pushPopup } from '../popups/popupsSlice';
import { cardLabel, selectCards } from './cardsSlice';
import styles from './SavedCardOptions.module.css';

export const NEW_CARD = 'new';

interface Props {
  /** The chosen card id, or NEW_CARD. */
  value: string;
  onChange: (value: string) => void;
  /** A hosted checkout: "a new card" is entered on the provider's page. */
  hosted?: boolean;
}

/** Saved cards (brand, last four, expiry) as choices, each deletable, plus "a new card". */
export function SavedCardOptions({ value, onChange, hosted = false }: Props) {
  const cards = useAppSelector(selectCards);
  const dispatch = useAppDispatch();
  return (
    <div className={styles.list} role="radiogroup" aria-label="Payment method">
      {cards.map((card) => (
        <div key={card.id} className={styles.row} data-checked={value === card.id || undefined}>
          <label className={styles.option}>
            <input
              type="radio"
              name="payment-method"
              value={card.id}
              checked={value === card.id}
              disabled={card.expired}
              onChange={() => onChange(card.id)}
            />
            <CardIcon size={22} />
            <span className={styles.text}>
              <span className={styles.name}>{cardLabel(card)}</span>
              <span className={card.expired ? styles.expired : styles.meta}>
                {card.expired
                  ? VALIDATION.cardExpired
                  : `Expires ${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`}
              </span>
            </span>
          </label>
          <button
            type="button"
            className={styles.delete}
            aria-label={`Delete ${cardLabel(card)}`}
            onClick={() =>
              dispatch(
                pushPopup({
                  id: `delete-card-${card.id}`,
                  kind: 'payments',
                  props: { type: 'deleteCard', cardId: card.id, label: cardLabel(card) },
                }),
              )
            }
          >
            <TrashIcon size={18} />
          </button>
        </div>
      ))}
      <div className={styles.row} data-checked={value === NEW_CARD || undefined}>
        <label className={styles.option}>
          <input
            type="radio"
            name="payment-method"
            value={NEW_CARD}
            checked={value === NEW_CARD}
            onChange={() => onChange(NEW_CARD)}
          />
          <CardIcon size={22} />
          <span className={styles.text}>
            <span className={styles.name}>New credit / debit card</span>
            <span className={styles.meta}>
              {hosted ? "On the payment provider's secure page" : 'Visa or Mastercard'}
            </span>
          </span>
        </label>
      </div>
    </div>
  );
}
