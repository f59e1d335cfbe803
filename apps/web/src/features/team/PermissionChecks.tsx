import { TEAM_PERMISSION_TEXT, TEAM_PERMISSIONS, type TeamPermission } from '@parlor/contract';
import { useId } from 'react';
import styles from './PermissionChecks.module.css';

/**
 * One box per permission, each with what it allows in words (read with the box by screen
 * readers). The list keeps the contract's order whatever order the boxes were ticked in.
 */
export function PermissionChecks({
  legend,
  value,
  onChange,
  disabled,
  error,
}: {
  legend: string;
  value: readonly TeamPermission[];
  onChange: (next: TeamPermission[]) => void;
  disabled?: boolean;
  error?: string | null | undefined;
}) {
  const id = useId();
  const toggle = (permission: TeamPermission, on: boolean) =>
    onChange(TEAM_PERMISSIONS.filter((p) => (p === permission ? on : value.includes(p))));
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <ul className={styles.list}>
        {TEAM_PERMISSIONS.map((permission) => {
          const text = TEAM_PERMISSION_TEXT[permission];
          return (
            <li key={permission} className={styles.item}>
              <input
                id={`${id}-${permission}`}
                type="checkbox"
                className={styles.box}
                checked={value.includes(permission)}
                disabled={disabled}
                // The name is the permission's; what it allows is its description.
                aria-labelledby={`${id}-${permission}-label`}
                aria-describedby={`${id}-${permission}-allows`}
                onChange={(event) => toggle(permission, event.target.checked)}
              />
              <label htmlFor={`${id}-${permission}`} className={styles.text}>
                <span id={`${id}-${permission}-label`} className={styles.label}>
                  {text.label}
                </span>
                <span id={`${id}-${permission}-allows`} className={styles.allows}>
                  {text.allows}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
