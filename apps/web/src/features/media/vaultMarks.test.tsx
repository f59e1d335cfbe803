import type { VaultMedia } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadVaultPage } from './mediaThunks';
import { VaultMarks } from './VaultPicker';
import { vaultMarks, vaultTileLabel } from './vaultMarks';

const item = (extra: Partial<VaultMedia> = {}): VaultMedia => ({
  _id: 'm1',
  type: 'image',
  created_at: '2026-01-01T00:00:00.000Z',
  public_id: 'pub-1',
  media_id: null,
  th: '/th/1',
  st: null,
  rt: null,
  sr: null,
  blur: null,
  video_url: null,
  width: 100,
  height: 100,
  video_length: null,
  ...extra,
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').trim();

describe("the vault's marks for a fan", () => {
  it('marks what the fan was sent and what they bought, badge and spoken name alike', () => {
    const both = item({ sent_to_fan: true, bought_by_fan: true });
    expect(vaultMarks(both).map((m) => m.label)).toEqual(['Sent', 'Bought']);
    expect(vaultTileLabel(both, 'Send')).toBe(
      'Send photo from vault, already sent to this fan, already bought by this fan',
    );
    const html = renderToStaticMarkup(<VaultMarks media={both} />);
    expect(text(html)).toMatch(/Sent\s+Bought/);
    expect(html).toContain('data-mark="sent"');
    expect(html).toContain('data-mark="bought"');

    const sentOnly = item({ type: 'video', sent_to_fan: true, bought_by_fan: false });
    expect(vaultTileLabel(sentOnly, 'Send')).toBe('Send video from vault, already sent to this fan');
    expect(text(renderToStaticMarkup(<VaultMarks media={sentOnly} />))).toBe('Sent');
  });

  it('shows nothing outside a chat with a fan (the server leaves the fields out)', () => {
    expect(vaultMarks(item())).toEqual([]);
    expect(vaultTileLabel(item(), 'Add')).toBe('Add photo from vault');
    expect(renderToStaticMarkup(<VaultMarks media={item()} />)).toBe('');
    expect(
      renderToStaticMarkup(<VaultMarks media={item({ sent_to_fan: false, bought_by_fan: false })} />),
    ).toBe('');
  });
});

describe('the vault request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks about the fan only when there is one', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ data: [], next: null }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
    vi.stubGlobal('document', { cookie: '' });
    await loadVaultPage(null, undefined, 'fan-7');
    await loadVaultPage(null);
    const url = (n: number) => new URL(String(fetchMock.mock.calls[n]?.[0]), 'http://parlor.test');
    expect(url(0).pathname).toBe('/v1/media');
    expect(url(0).searchParams.get('fan_id')).toBe('fan-7');
    expect(url(1).searchParams.has('fan_id')).toBe(false);
  });
});
