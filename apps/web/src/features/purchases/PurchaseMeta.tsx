import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './PurchasesScreen.module.css';

/** The day a purchase was made, as its tile and its label say it. */
export const purchaseDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** The words under a purchase's tile: who sold it (a link), what it cost, and the day. */
export function PurchaseMeta({
  to,
  seller,
  price,
  priceInDollars,
  usdContent,
  kind,
  boughtAt,
  children,
}: {
  to: string;
  seller: string | undefined;
  price: number;
  priceInDollars: string;
  usdContent: boolean;
  /** Said before the price, e.g. "Post". */
  kind?: string;
  boughtAt: string;
  /** Marks after the day (Hidden). */
  children?: ReactNode;
}) {
  return (
    <div className={styles.meta}>
      <Link to={to} className={styles.seller} title={seller}>
        {seller ?? '…'}
      </Link>
      <span className={styles.line}>
        {kind && `${kind} · `}
        {price} credits{usdContent && ` · $${priceInDollars}`}
      </span>
      <span className={styles.line}>
        {purchaseDay(boughtAt)}
        {children}
      </span>
    </div>
  );
}
