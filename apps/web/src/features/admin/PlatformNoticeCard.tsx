import { endpoints, PLATFORM_NOTICE_MAX, type PlatformNotice } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { call, toErrorInfo } from '../../platform/api';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { TextAreaField } from '../../ui/TextAreaField';
import { when } from './adminModel';
import styles from './PlatformNoticeCard.module.css';

/**
 * The global warning (docs/banners-and-popups.md): a platform-wide notice every signed-in user sees
 * once as a popup, e.g. planned maintenance. Setting a new message shows it again to everyone.
 */
export function PlatformNoticeCard() {
  const [current, setCurrent] = useState<PlatformNotice | null>(null);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    call(endpoints.adminPlatformNotice)
      .then(({ notice }) => live && setCurrent(notice))
      .catch((e) => live && setError(toErrorInfo(e).message));
    return () => {
      live = false;
    };
  }, []);

  async function save(message: string) {
    setBusy(true);
    setError(null);
    try {
      const { notice } = await call(endpoints.setPlatformNotice, { body: { message } });
      setCurrent(notice);
      setDraft('');
    } catch (e) {
      setError(toErrorInfo(e).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.card} aria-label="Global warning">
      <div className={styles.head}>
        <h2 className={styles.heading}>Global warning</h2>
        <p className={styles.state} data-testid="current-notice">
          {current
            ? `Showing since ${when(current.created_at)}: ${current.message}`
            : 'No warning is showing.'}
        </p>
      </div>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.trim()) void save(draft);
        }}
      >
        <TextAreaField
          label="Message to every user"
          placeholder="e.g. Parlor will be down for maintenance on Sunday from 02:00 to 03:00 UTC."
          value={draft}
          maxLength={PLATFORM_NOTICE_MAX}
          rows={2}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className={styles.buttons}>
          <Button type="submit" loading={busy} disabled={!draft.trim()}>
            Show to everyone
          </Button>
          {current && (
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void save('')}>
              Clear warning
            </Button>
          )}
        </div>
      </form>
      <FormAlert message={error} />
    </section>
  );
}
