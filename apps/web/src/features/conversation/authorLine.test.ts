import type { MessageAuthor } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { authorLine } from './authorLine';

// Fans always see honestly who wrote: the creator's side reads the member's name, the fan only
// that her team or an automatic message wrote it.

const by = (author: MessageAuthor) => ({ author });
const team: MessageAuthor = { kind: 'team', member_id: 'm1', username: 'bob' };
const automation: MessageAuthor = { kind: 'automation', member_id: null, username: null };
const creator: MessageAuthor = { kind: 'creator', member_id: null, username: null };

describe('the author line under a bubble', () => {
  it('names the member on the creator side, and says nothing of her own messages', () => {
    expect(authorLine(by(team), { mine: true, otherName: 'alex' })).toBe('Sent by bob');
    expect(authorLine(by(automation), { mine: true, otherName: 'alex' })).toBe('Automatic message');
    expect(authorLine(by(creator), { mine: true, otherName: 'alex' })).toBeNull();
  });

  it("tells the fan it was the creator's team, without the member's name", () => {
    // The fan's side is sent the kind only.
    const anonymous: MessageAuthor = { kind: 'team', member_id: null, username: null };
    expect(authorLine(by(anonymous), { mine: false, otherName: 'mila' })).toBe("Written by mila's team");
    expect(authorLine(by(team), { mine: false, otherName: 'mila' })).toBe("Written by mila's team");
    expect(authorLine(by(automation), { mine: false, otherName: 'mila' })).toBe('Automatic message');
    expect(authorLine(by(creator), { mine: false, otherName: 'mila' })).toBeNull();
  });
});
