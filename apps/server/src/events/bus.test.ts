import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import { createEventBus } from './bus';
import type { DomainEvents } from './types';

/** A database whose transactions only record when they commit, so order can be asserted. */
function fakeDb(trail: string[]) {
  return {
    transaction: () => ({
      execute: async <T>(fn: (trx: unknown) => Promise<T>) => {
        const result = await fn({});
        trail.push('commit');
        return result;
      },
    }),
  } as unknown as Kysely<DB>;
}

const gained = (creatorId: string): DomainEvents['fan_gained'] => ({
  creatorId,
  fan: { id: 'f', username: 'fan' },
  relationship: 'fan',
});

describe('the event bus', () => {
  it('runs in-transaction subscribers inside, the others after commit, in order', async () => {
    const trail: string[] = [];
    const errors: unknown[] = [];
    const bus = createEventBus({ error: (obj) => errors.push(obj) });
    bus.within('fan_gained', async (_trx, e, tx) => {
      trail.push(`inside ${e.creatorId}`);
      tx.afterCommit(() => {
        trail.push('woken');
      });
    });
    bus.on('fan_gained', (e) => {
      trail.push(`after ${e.creatorId}`);
    });
    const answer = await bus.transaction(fakeDb(trail), async (_trx, tx) => {
      await tx.publish('fan_gained', gained('a'));
      await tx.publish('fan_gained', gained('b'));
      trail.push('write done');
      return 7;
    });
    expect(answer).toBe(7);
    expect(trail).toEqual([
      'inside a',
      'inside b',
      'write done',
      'commit',
      // What an in-transaction subscriber asked for comes with its event, in the order asked.
      'woken',
      'after a',
      'woken',
      'after b',
    ]);
    expect(errors).toEqual([]);
  });

  it('logs a failing subscriber and goes on with the next; settled waits for the slow ones', async () => {
    const errors: { event: string }[] = [];
    const bus = createEventBus({ error: (obj) => errors.push(obj as { event: string }) });
    const heard: string[] = [];
    bus.on('fan_gained', () => {
      throw new Error('threw');
    });
    bus.on('fan_gained', () => Promise.reject(new Error('rejected')));
    bus.on('fan_gained', async (e) => {
      await new Promise((r) => setTimeout(r, 20));
      heard.push(e.creatorId);
    });
    expect(() => bus.committed('fan_gained', gained('c'))).not.toThrow();
    await bus.settled();
    expect(heard).toEqual(['c']);
    expect(errors.map((e) => e.event)).toEqual(['fan_gained', 'fan_gained']);
  });
});
