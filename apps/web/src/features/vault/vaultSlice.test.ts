import type { VaultMedia } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { uploadedPhoto } from '../media/mediaTestData';
import {
  allVaultToggled,
  deleteAsked,
  deleteDismissed,
  deleteVaultMedia,
  describeMedia,
  initialVaultState,
  loadMoreVault,
  loadVault,
  vaultItemToggled,
  vaultSlice,
} from './vaultSlice';

const media = (id: string, type: 'image' | 'video' = 'image'): VaultMedia => ({
  ...uploadedPhoto.media,
  _id: id,
  type,
  created_at: '2026-11-01T10:00:00.000Z',
});
const reduce = vaultSlice.reducer;
const loaded = (items: VaultMedia[], next: string | null = null) =>
  reduce(initialVaultState, loadVault.fulfilled({ data: items, next }, 'r'));

describe('the vault with multi-select delete', () => {
  it('the confirmation opens only with something picked', () => {
    let s = reduce(loaded([media('1'), media('2')]), deleteAsked());
    expect(s.confirming).toBe(false);
    s = reduce(reduce(s, vaultItemToggled('2')), deleteAsked());
    expect(s.confirming).toBe(true);
    s = reduce(s, deleteDismissed());
    expect(s).toMatchObject({ confirming: false, selected: ['2'] });
  });

  it('select all picks every loaded item, and again clears', () => {
    let s = reduce(loaded([media('1'), media('2')]), allVaultToggled());
    expect(s.selected).toEqual(['1', '2']);
    s = reduce(s, allVaultToggled());
    expect(s.selected).toEqual([]);
  });

  it('deleted items leave the grid, the server count is said, and the next page keeps its place', () => {
    let s = loaded([media('1'), media('2'), media('3')], '/v1/media?limit=20&offset=20');
    s = reduce(reduce(reduce(s, vaultItemToggled('1')), vaultItemToggled('3')), deleteAsked());
    s = reduce(s, deleteVaultMedia.fulfilled({ deleted: 2 }, 'r', ['1', '3']));
    expect(s.items.map((m) => m._id)).toEqual(['2']);
    expect(s).toMatchObject({ selected: [], confirming: false, notice: '2 items deleted from your vault.' });
    expect(s.next).toBe('/v1/media?limit=20&offset=18');
  });

  it('a failed delete closes the confirmation and keeps the picks', () => {
    let s = reduce(reduce(loaded([media('1')]), vaultItemToggled('1')), deleteAsked());
    s = reduce(
      s,
      deleteVaultMedia.rejected(null, 'r', ['1'], {
        status: 500,
        code: 'x',
        message: 'Something went wrong.',
      }),
    );
    expect(s).toMatchObject({ confirming: false, selected: ['1'] });
    expect(s.items).toHaveLength(1);
  });

  it('load more appends without repeating', () => {
    const s = reduce(
      loaded([media('1'), media('2')], 'next'),
      loadMoreVault.fulfilled({ data: [media('2'), media('3')], next: null }, 'r', 'next'),
    );
    expect(s.items.map((m) => m._id)).toEqual(['1', '2', '3']);
    expect(s.next).toBeNull();
  });

  it('names what is picked', () => {
    expect(describeMedia([media('1')])).toBe('1 photo');
    expect(describeMedia([media('1', 'video'), media('2', 'video')])).toBe('2 videos');
    expect(describeMedia([media('1'), media('2', 'video')])).toBe('2 items');
  });
});
