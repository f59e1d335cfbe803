import { describe, expect, it } from 'vitest';
import { type PopupEntry, type PopupsState, popPopup, popupsSlice, pushPopup } from './popupsSlice';

const reduce = popupsSlice.reducer;
const basic = (id: string, title = id): PopupEntry => ({ id, kind: 'basic', props: { title } });
const ids = (state: PopupsState) => state.stack.map((entry) => entry.id);

function stackOf(...entries: PopupEntry[]): PopupsState {
  return entries.reduce(
    (state, entry) => reduce(state, pushPopup(entry)),
    reduce(undefined, { type: '@@init' }),
  );
}

describe('popup stack', () => {
  it('starts empty', () => {
    expect(reduce(undefined, { type: '@@init' }).stack).toEqual([]);
  });

  it('pushes popups on top in order', () => {
    expect(ids(stackOf(basic('a'), basic('b'), basic('c')))).toEqual(['a', 'b', 'c']);
  });

  it('ignores a push whose id is already on the stack', () => {
    const state = stackOf(basic('a'), basic('b'), basic('a', 'again'));
    expect(ids(state)).toEqual(['a', 'b']);
    expect(state.stack[0]).toEqual(basic('a'));
  });

  it('keeps the kind and props of each entry', () => {
    const state = stackOf({ id: 'v', kind: 'accountVerified', props: {} });
    expect(state.stack).toEqual([{ id: 'v', kind: 'accountVerified', props: {} }]);
  });

  it('pops the last popup when no id is given', () => {
    expect(ids(reduce(stackOf(basic('a'), basic('b')), popPopup()))).toEqual(['a']);
  });

  it('pops one popup by id, wherever it is in the stack', () => {
    expect(ids(reduce(stackOf(basic('a'), basic('b'), basic('c')), popPopup('b')))).toEqual(['a', 'c']);
  });

  it('leaves the stack alone when popping an unknown id or an empty stack', () => {
    expect(ids(reduce(stackOf(basic('a')), popPopup('zzz')))).toEqual(['a']);
    expect(ids(reduce(stackOf(), popPopup()))).toEqual([]);
  });

  it('lets a popped id be pushed again', () => {
    const state = reduce(reduce(stackOf(basic('a')), popPopup('a')), pushPopup(basic('a')));
    expect(ids(state)).toEqual(['a']);
  });
});
