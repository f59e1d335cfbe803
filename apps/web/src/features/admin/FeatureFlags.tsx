import { type AdminUser, endpoints, type FeatureFlag, FeatureFlag as FeatureFlags } from '@parlor/contract';
import { useState } from 'react';
import { call, toErrorInfo } from '../../platform/api';
import { FormAlert } from '../../ui/FormAlert';
import { Toggle } from '../settings/Toggle';
import { FEATURE_FLAG_LABELS } from './adminModel';
import styles from './FeatureFlags.module.css';

/**
 * The account's feature flags, each a switch showing its value now. A switch saves at once
 * (PATCH /v1/admin/users/{id}/features); the account's open app follows live.
 */
export function FeatureFlagsPanel({
  user,
  onChanged,
}: {
  user: AdminUser;
  onChanged: (u: AdminUser) => void;
}) {
  const [saving, setSaving] = useState<FeatureFlag | null>(null);
  const [error, setError] = useState<string | null>(null);
  const on = FeatureFlags.options.filter((f) => user.features[f]).length;

  async function set(flag: FeatureFlag, value: boolean) {
    setSaving(flag);
    setError(null);
    try {
      onChanged(
        await call(endpoints.adminUserFeatures, {
          params: { id: user._id },
          body: { features: { [flag]: value } },
        }),
      );
    } catch (e) {
      setError(toErrorInfo(e).message);
    } finally {
      setSaving(null);
    }
  }

  return (
    <details className={styles.flags}>
      <summary className={styles.summary}>
        Feature flags{' '}
        <span className={styles.count}>
          {on} of {FeatureFlags.options.length} on
        </span>
      </summary>
      <fieldset className={styles.grid} aria-label={`Feature flags of @${user.username}`}>
        {(Object.keys(FEATURE_FLAG_LABELS) as FeatureFlag[]).map((flag) => (
          <div key={flag} className={styles.flag}>
            <Toggle
              label={FEATURE_FLAG_LABELS[flag].label}
              description={FEATURE_FLAG_LABELS[flag].description}
              checked={user.features[flag]}
              disabled={saving !== null}
              onChange={(value) => void set(flag, value)}
            />
          </div>
        ))}
      </fieldset>
      <FormAlert message={error} />
    </details>
  );
}
