import { describe, expect, it } from 'vitest';
import { inboxQuery } from './inboxModel';
import { filterChanged, searchChanged } from './inboxSlice';
import { loaded, reduce } from './inboxTestData';

describe('the inbox filter is a search text or a category', () => {
  it('choosing a tab drops the search', () => {
    let state = reduce(undefined, searchChanged('mi'));
    state = reduce(state, filterChanged('favorites'));
    expect(state.list).toMatchObject({ filter: 'favorites', search: '', ids: [], status: 'None' });
  });

  it('searching leaves the tab for the whole inbox', () => {
    let state = loaded([], 'vip');
    state = reduce(state, searchChanged('mi'));
    expect(state.list).toMatchObject({ filter: 'all', search: 'mi' });
  });

  it('sends either the search or the type, never both, and fans as fans2', () => {
    expect(inboxQuery({ filter: 'vip', search: ' mi ' })).toEqual({ search: 'mi' });
    expect(inboxQuery({ filter: 'fans', search: '' })).toEqual({ type: 'fans2' });
    expect(inboxQuery({ filter: 'all', search: '   ' })).toEqual({ type: 'all' });
  });
});
