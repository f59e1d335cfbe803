import { countryOptions, endpoints } from '@parlor/contract';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../platform/api';
import { Button } from '../../ui/Button';
import { Card, CardTitle } from '../../ui/Card';
import { SelectField } from '../../ui/TextField';
import styles from './BlockedCountriesCard.module.css';

/**
 * A creator's blocked countries (privacy settings): fans from there cannot open her profile,
 * feed or chats ('Sorry this creator not available in your country') nor find her in Discover.
 */
export function BlockedCountriesCard() {
  const options = useMemo(() => countryOptions(), []);
  const names = useMemo(() => new Map(options.map((o) => [o.code, o.name])), [options]);
  const [countries, setCountries] = useState<string[] | null>(null);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    call(endpoints.blockedCountries, {}, { signal: controller.signal })
      .then((answer) => setCountries(answer.countries))
      .catch(() => setCountries([]));
    return () => controller.abort();
  }, []);

  const save = async (next: string[]) => {
    setSaving(true);
    setError(null);
    try {
      const answer = await call(endpoints.setBlockedCountries, { body: { countries: next } });
      setCountries(answer.countries);
      setChoice('');
    } catch (e) {
      setError((e as { message?: string }).message ?? null);
    } finally {
      setSaving(false);
    }
  };

  const list = countries ?? [];
  return (
    <Card roomy aria-labelledby="blocked-countries-title">
      <CardTitle id="blocked-countries-title">Blocked countries</CardTitle>
      <p className={styles.hint}>Fans in these countries cannot see your profile or chat with you.</p>
      <form
        className={styles.add}
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) save([...list, choice]);
        }}
      >
        <SelectField
          label="Country"
          name="blocked-country"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className={styles.select}
        >
          <option value="">Choose a country</option>
          {options
            .filter((o) => !list.includes(o.code))
            .map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
        </SelectField>
        <Button type="submit" variant="secondary" disabled={!choice} loading={saving}>
          Block
        </Button>
      </form>
      {countries !== null && list.length === 0 && <p className={styles.hint}>No country is blocked.</p>}
      {list.length > 0 && (
        <ul className={styles.list} aria-label="Blocked countries">
          {list.map((code) => (
            <li key={code} className={styles.item}>
              <span>{names.get(code) ?? code}</span>
              <Button
                variant="secondary"
                size="small"
                disabled={saving}
                onClick={() => save(list.filter((c) => c !== code))}
                aria-label={`Unblock ${names.get(code) ?? code}`}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Card>
  );
}
