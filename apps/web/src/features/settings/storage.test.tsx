import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StorageCard } from './StorageCard';
import { storageSummary } from './storageView';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

describe('storage summary', () => {
  it('says how much of the quota is used, and how much is left', () => {
    expect(storageSummary({ used_bytes: 12.3 * MB, quota_bytes: 500 * MB })).toMatchObject({
      valueText: '12.3 MB of 500.0 MB used',
      percent: 2,
      percentText: '2% used',
      left: '487.7 MB left',
      tone: 'normal',
    });
    expect(storageSummary({ used_bytes: 0, quota_bytes: 50 * GB })).toMatchObject({
      valueText: '0.0 B of 50.0 GB used',
      fill: 0,
      percentText: '0% used',
    });
    expect(storageSummary({ used_bytes: 3 * MB, quota_bytes: 50 * GB }).percentText).toBe('<1% used');
  });

  it('warns from 90 % and is full once nothing more fits', () => {
    expect(storageSummary({ used_bytes: 460 * MB, quota_bytes: 500 * MB }).tone).toBe('high');
    expect(storageSummary({ used_bytes: 499.9 * MB, quota_bytes: 500 * MB })).toMatchObject({
      percent: 99,
      tone: 'high',
    });
    const full = storageSummary({ used_bytes: 510 * MB, quota_bytes: 500 * MB });
    expect(full).toMatchObject({ percent: 100, fill: 100, left: '0.0 B left', tone: 'full' });
    expect(storageSummary({ used_bytes: 0, quota_bytes: 0 }).tone).toBe('full');
  });
});

describe('storage settings', () => {
  it('shows "Storage: X of Y used" over a progress bar with its values', () => {
    const html = renderToStaticMarkup(<StorageCard usage={{ used_bytes: 1.5 * GB, quota_bytes: 50 * GB }} />);
    expect(html.replace(/<[^>]+>/g, '')).toContain('Storage: 1.5 GB of 50.0 GB used');
    const bar = html.match(/<div[^>]*role="progressbar"[^>]*>/)?.[0] ?? '';
    expect(bar).toContain('aria-valuemin="0"');
    expect(bar).toContain('aria-valuemax="100"');
    expect(bar).toContain('aria-valuenow="3"');
    expect(bar).toContain('aria-valuetext="1.5 GB of 50.0 GB used"');
    expect(bar).toContain('aria-labelledby="storage-summary"');
    expect(html).not.toContain('Your storage is full');
  });

  it('says what to do when the storage is full', () => {
    const html = renderToStaticMarkup(
      <StorageCard usage={{ used_bytes: 500 * MB, quota_bytes: 500 * MB }} />,
    );
    expect(html).toContain('Your storage is full');
    expect(html).toContain('data-tone="full"');
  });
});
