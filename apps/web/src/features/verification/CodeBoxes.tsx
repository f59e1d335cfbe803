import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import styles from './CodeBoxes.module.css';

interface CodeBoxesProps {
  digits: string[];
  disabled: boolean;
  invalid: boolean;
  onType(index: number, value: string): void;
  onErase(index: number): void;
  onPaste(text: string): void;
}

/**
 * Four numeric boxes. Focus moves on after a digit, Backspace on an empty box goes back
 * and clears it, and a paste is handed to the popup (which fills and submits exactly four digits).
 */
export function CodeBoxes({ digits, disabled, invalid, onType, onErase, onPaste }: CodeBoxesProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const allEmpty = digits.every((d) => d === '');

  // After a wrong code empties the boxes, typing starts again in the first one.
  useEffect(() => {
    if (allEmpty && !disabled) refs.current[0]?.focus();
  }, [allEmpty, disabled]);

  const focus = (index: number) => refs.current[index]?.focus();

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) {
        onErase(index);
      } else if (index > 0) {
        onErase(index - 1);
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft' && index > 0) {
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < digits.length - 1) {
      focus(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onPaste(event.clipboardData.getData('text'));
  };

  return (
    <fieldset className={styles.boxes} disabled={disabled}>
      <legend className={styles.srOnly}>Verification code</legend>
      {digits.map((digit, index) => (
        <input
          // The boxes are positional: index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length positional inputs
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          className={styles.box}
          value={digit}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={2}
          aria-label={`Digit ${index + 1} of ${digits.length}`}
          aria-invalid={invalid || undefined}
          onKeyDown={onKeyDown(index)}
          onPaste={handlePaste}
          onChange={(event) => {
            const value = event.target.value.replace(/[^0-9]/g, '');
            // A 4-digit autofill (one-time-code) arrives as one change: treat it as a paste.
            if (value.length === digits.length) {
              onPaste(value);
              return;
            }
            if (!value) return;
            onType(index, value);
            if (index < digits.length - 1) focus(index + 1);
          }}
        />
      ))}
    </fieldset>
  );
}
