import { formatBytes, type MediaUsage } from '@parlor/contract';

/** Near the quota from 90 % on; full once nothing more fits. */
export type StorageTone = 'normal' | 'high' | 'full';

export interface StorageSummary {
  /** "12.3 MB of 500.0 MB used": the meter's value as words. */
  valueText: string;
  /** How full, 0 to 100, for the bar's width (not rounded). */
  fill: number;
  /** How full as a whole percent, for assistive technology. */
  percent: number;
  /** "2% used", "<1% used" for a little, "100% used". */
  percentText: string;
  /** "487.7 MB left". */
  left: string;
  tone: StorageTone;
}

/** What the storage meter shows for an account's usage (GET /v1/media/usage). */
export function storageSummary({ used_bytes, quota_bytes }: MediaUsage): StorageSummary {
  const ratio = quota_bytes > 0 ? Math.min(1, used_bytes / quota_bytes) : 1;
  const fill = ratio * 100;
  const percent = used_bytes >= quota_bytes ? 100 : Math.min(99, Math.round(fill));
  const percentText = used_bytes > 0 && percent === 0 ? '<1% used' : `${percent}% used`;
  return {
    valueText: `${formatBytes(used_bytes)} of ${formatBytes(quota_bytes)} used`,
    fill,
    percent,
    percentText,
    left: `${formatBytes(Math.max(0, quota_bytes - used_bytes))} left`,
    tone: used_bytes >= quota_bytes ? 'full' : ratio >= 0.9 ? 'high' : 'normal',
  };
}
