import { TextField } from '../../ui/TextField';

/** The account's password, asked to confirm a change a stolen session alone must not make. */
export function CurrentPasswordField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string | undefined;
  /** The new value; any error shown goes with the typing. */
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Password"
      name="password"
      type="password"
      autoComplete="current-password"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
