import { describe, expect, it } from 'vitest';
import { SUNSET, THANKS, WELCOME } from './savedRepliesTestData';
import { draftOfReply, matchReplies, slashKey, slashQuery } from './savedReplyModel';

// Typing `/` at the start of the composer offers the saved replies; choosing one fills in the
// fan's and the creator's names and attaches its media with its price.

describe('the composer’s slash', () => {
  it('is a command only at the very start of a one-line text', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/wel')).toBe('wel');
    expect(slashQuery('hi /wel')).toBeNull();
    expect(slashQuery('/wel\nmore')).toBeNull();
    expect(slashQuery('')).toBeNull();
  });

  it('filters by what follows it: titles starting with it first, then titles or texts containing it', () => {
    const all = [THANKS, SUNSET, WELCOME];
    expect(matchReplies(all, '')).toEqual(all);
    expect(matchReplies(all, 'SUN')).toEqual([SUNSET]);
    expect(matchReplies(all, 'just')).toEqual([SUNSET]);
    expect(matchReplies(all, 's')).toEqual([SUNSET, THANKS, WELCOME]);
    expect(matchReplies(all, 'nothing')).toEqual([]);
  });

  it('moves with the arrows (wrapping), inserts with Enter, closes with Escape, and lets other keys type', () => {
    expect(slashKey('ArrowDown', false, 0, 3)).toEqual({ kind: 'move', active: 1 });
    expect(slashKey('ArrowDown', false, 2, 3)).toEqual({ kind: 'move', active: 0 });
    expect(slashKey('ArrowUp', false, 0, 3)).toEqual({ kind: 'move', active: 2 });
    expect(slashKey('Enter', false, 1, 3)).toEqual({ kind: 'choose', index: 1 });
    expect(slashKey('Enter', true, 1, 3)).toEqual({ kind: 'none' });
    expect(slashKey('Escape', false, 1, 3)).toEqual({ kind: 'dismiss' });
    expect(slashKey('Escape', false, 0, 0)).toEqual({ kind: 'dismiss' });
    expect(slashKey('Enter', false, 0, 0)).toEqual({ kind: 'none' });
    expect(slashKey('a', false, 0, 3)).toEqual({ kind: 'none' });
  });
});

describe('a chosen saved reply', () => {
  const names = { fan: 'alex', me: 'mila' };

  it('fills in {fan} and {me}', () => {
    expect(draftOfReply(WELCOME, { ...names, canCharge: true, mediaBlocked: false })).toEqual({
      text: 'Hi alex, it’s mila! Glad you wrote.',
      attachment: null,
    });
  });

  it('attaches its vault media with its price', () => {
    const draft = draftOfReply(SUNSET, { ...names, canCharge: true, mediaBlocked: false });
    expect(draft.text).toBe('Just for you, alex');
    expect(draft.attachment).toMatchObject({
      price: 25,
      title: 'Sunset set',
      media: { public_id: 'pub-sunset-0001', type: 'image', width: 800, height: 600 },
    });
  });

  it('leaves its media behind where the fan refuses media, and its price where she may not charge', () => {
    expect(draftOfReply(SUNSET, { ...names, canCharge: true, mediaBlocked: true }).attachment).toBeNull();
    expect(draftOfReply(SUNSET, { ...names, canCharge: false, mediaBlocked: false }).attachment?.price).toBe(
      0,
    );
  });
});
