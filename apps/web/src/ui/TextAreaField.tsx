import { type TextareaHTMLAttributes, useId } from 'react';
import styles from './TextAreaField.module.css';

type Props = { label: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

/** A labelled text box of several lines; label and box are two items of the form's grid. */
export function TextAreaField({ label, ...textarea }: Props) {
  const id = useId();
  return (
    <>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea {...textarea} id={id} className={styles.control} />
    </>
  );
}
