import { useId } from 'react';
import styles from './ScheduleField.module.css';
import { dateBounds, type ScheduleInput, timeZoneName } from './scheduleTime';

interface ScheduleFieldProps {
  /** What the time is for: "When to send", "When to publish". */
  legend: string;
  value: ScheduleInput;
  onChange: (value: ScheduleInput) => void;
  /** The check's or the server's refusal, shown under the inputs and tied to them. */
  error?: string | null | undefined;
  disabled?: boolean | undefined;
  /** A switch before the inputs ("Send later"): the inputs show only while it is on. */
  toggle?: { label: string; on: boolean; onToggle: (on: boolean) => void } | undefined;
}

/**
 * A date and a time in the creator's own time zone, named beside them: the one picker of every
 * scheduled broadcast and post. The date input offers today to 90 days ahead; the rest is checked
 * when sending (scheduleTime.ts) and by the server.
 */
export function ScheduleField({ legend, value, onChange, error, disabled, toggle }: ScheduleFieldProps) {
  const id = useId();
  const bounds = dateBounds(new Date());
  const open = toggle ? toggle.on : true;
  const described = [`${id}-zone`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.schedule}>
      {toggle && (
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={toggle.on}
            checked={toggle.on}
            disabled={disabled}
            onChange={(e) => toggle.onToggle(e.target.checked)}
          />
          <span>{toggle.label}</span>
        </label>
      )}
      {open && (
        <fieldset className={styles.fieldset} disabled={disabled}>
          <legend className={toggle ? 'visually-hidden' : styles.legend}>{legend}</legend>
          <div className={styles.inputs}>
            <label className={styles.field}>
              <span>Date</span>
              <input
                type="date"
                value={value.date}
                min={bounds.min}
                max={bounds.max}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={described}
                onChange={(e) => onChange({ ...value, date: e.target.value })}
              />
            </label>
            <label className={styles.field}>
              <span>Time</span>
              <input
                type="time"
                value={value.time}
                step={60}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={described}
                onChange={(e) => onChange({ ...value, time: e.target.value })}
              />
            </label>
          </div>
          <p id={`${id}-zone`} className={styles.zone}>
            Your time zone: <span className={styles.zoneName}>{timeZoneName()}</span>
          </p>
          {error && (
            <p id={`${id}-error`} className={styles.error} role="alert">
              {error}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
