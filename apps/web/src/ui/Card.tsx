import type { ComponentPropsWithoutRef, HTMLAttributes } from 'react';
import styles from './Card.module.css';

type CardProps = ComponentPropsWithoutRef<'form'> & {
  /** The element the card is: a section by default, or the form or nav it holds. */
  as?: 'section' | 'form' | 'nav';
  /** More padding on wider screens. */
  roomy?: boolean;
  /** Little padding, for a list whose items have their own. */
  tight?: boolean;
  danger?: boolean;
};

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** One panel of a screen; its children stack with an even gap. */
export function Card({ as: Element = 'section', roomy, tight, danger, className, ...rest }: CardProps) {
  return (
    <Element
      {...rest}
      className={join(
        styles.card,
        roomy && styles.roomy,
        tight && styles.tight,
        danger && styles.danger,
        className,
      )}
    />
  );
}

/** The card's heading (an h2: the screen's h1 is its page header). */
export function CardTitle(props: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 {...props} className={styles.title} />;
}

/** The card's buttons, at its end. */
export function CardActions(props: HTMLAttributes<HTMLDivElement>) {
  return <div {...props} className={styles.actions} />;
}
