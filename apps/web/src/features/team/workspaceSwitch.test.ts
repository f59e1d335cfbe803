import { type SeatSession, STORAGE_KEYS } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../platform/api';
import { inSeat, seatMayStart, seatWorkspace, takeSeatEndedNotice } from '../../platform/seatSession';
import { backToOwnAccount, openWorkspace, type SwitchDeps, workspaces } from './workspaceSwitch';

// Switching to a creator's workspace makes its seat token the active one and keeps the member's
// own aside; going back (by choice, or because the seat ended) makes the own one active again.

let data: Map<string, string>;
let assign: ReturnType<typeof vi.fn>;

const session = (token: string, creator = 'mila', permissions: SeatSession['permissions'] = ['chats']) => ({
  access_token: token,
  creator: { _id: `${creator}-id`, username: creator },
  permissions,
});

function deps(over: Partial<SwitchDeps> = {}): SwitchDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    openSeat: async (creatorId, own) => {
      calls.push(`open ${creatorId} with ${own}`);
      return session(`seat-${creatorId}`, creatorId.replace('-id', ''));
    },
    endSeatSession: async () => {
      calls.push(`end ${data.get(STORAGE_KEYS.authToken)}`);
    },
    listWorkspaces: async (own) => {
      calls.push(`list with ${own}`);
      return [];
    },
    reload: (path) => calls.push(`reload ${path}`),
    ...over,
  };
}

beforeEach(() => {
  data = new Map([[STORAGE_KEYS.authToken, 'own-token']]);
  assign = vi.fn();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  });
  vi.stubGlobal('location', { pathname: '/chats', assign });
});

afterEach(() => vi.unstubAllGlobals());

describe('the workspace switcher', () => {
  it('opens a seat with the own session, keeps that aside and reloads into the inbox', async () => {
    const d = deps();
    await openWorkspace('mila-id', d);
    expect(d.calls).toEqual(['open mila-id with own-token', 'reload /chats']);
    expect(data.get(STORAGE_KEYS.authToken)).toBe('seat-mila-id');
    expect(data.get(STORAGE_KEYS.ownAuthToken)).toBe('own-token');
    expect(inSeat()).toBe(true);
    expect(seatWorkspace()).toEqual({ creatorId: 'mila-id', creator: 'mila', permissions: ['chats'] });
  });

  it('goes from one seat to another with the own session, ending the seat it leaves', async () => {
    await openWorkspace('mila-id', deps());
    const d = deps();
    await openWorkspace('sofia-id', d);
    expect(d.calls).toEqual(['open sofia-id with own-token', 'end seat-mila-id', 'reload /chats']);
    expect(data.get(STORAGE_KEYS.authToken)).toBe('seat-sofia-id');
    // Still the member's own, never the seat left.
    expect(data.get(STORAGE_KEYS.ownAuthToken)).toBe('own-token');
  });

  it('lists workspaces with the own session, from a seat too', async () => {
    await openWorkspace('mila-id', deps());
    const d = deps();
    await workspaces(d);
    expect(d.calls).toEqual(['list with own-token']);
  });

  it('goes back: the seat session ends, the own token is the active one again', async () => {
    await openWorkspace('mila-id', deps());
    const d = deps();
    await backToOwnAccount(d);
    expect(d.calls).toEqual(['end seat-mila-id', 'reload /chats']);
    expect(data.get(STORAGE_KEYS.authToken)).toBe('own-token');
    expect(inSeat()).toBe(false);
    expect(data.has(STORAGE_KEYS.seatWorkspace)).toBe(false);
    // Leaving by choice needs no notice.
    expect(takeSeatEndedNotice()).toBeNull();
  });

  it('keeps the own session when the seat cannot be opened', async () => {
    const d = deps({
      openSeat: async () => {
        throw new Error('You are not on this creator’s team.');
      },
    });
    await expect(openWorkspace('mila-id', d)).rejects.toThrow();
    expect(data.get(STORAGE_KEYS.authToken)).toBe('own-token');
    expect(inSeat()).toBe(false);
  });
});

describe('a seat that ends under the member', () => {
  it('returns to the own account on a 401 and says so once after the reload', async () => {
    await openWorkspace('mila-id', deps());
    endSession('seat-mila-id');
    expect(data.get(STORAGE_KEYS.authToken)).toBe('own-token');
    expect(inSeat()).toBe(false);
    expect(assign).toHaveBeenCalledWith('/chats');
    expect(takeSeatEndedNotice()).toBe('mila');
    expect(takeSeatEndedNotice()).toBeNull();
  });

  it('ignores a refusal of a session already left: the own session stays', async () => {
    await openWorkspace('mila-id', deps());
    endSession('seat-mila-id');
    // A call of the seat answered late.
    endSession('seat-mila-id');
    expect(data.get(STORAGE_KEYS.authToken)).toBe('own-token');
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('signs out as before outside a seat', () => {
    endSession('own-token');
    expect(data.has(STORAGE_KEYS.authToken)).toBe(false);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it("makes none of the page's first calls the stored seat may not make", async () => {
    expect(seatMayStart('listChats')).toBe(true);
    await openWorkspace('mila-id', deps({ openSeat: async () => session('seat-v', 'mila', ['vault']) }));
    expect(seatMayStart('listChats')).toBe(false);
    expect(seatMayStart('me')).toBe(true);
    expect(seatMayStart('intros')).toBe(true);
  });
});
