import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DomainEvents, EventName } from './types';

type Db = Kysely<DB>;

/** A write's transaction as its events see it. */
export interface EventTransaction {
  /**
   * Publishes `event` with this transaction: its in-transaction subscribers run now, inside it (their
   * failure fails the write); the others once it has committed. A rolled-back attempt publishes nothing.
   */
  publish<K extends EventName>(name: K, event: DomainEvents[K]): Promise<void>;
  /** Runs `work` once this transaction has committed, isolated as an after-commit subscriber is. */
  afterCommit(work: () => void | Promise<void>): void;
}

/** Exact work (money, durable jobs) that commits with the write or not at all. */
export type InTransaction<K extends EventName> = (
  trx: Db,
  event: DomainEvents[K],
  tx: EventTransaction,
) => Promise<void>;
/** Work that follows a committed write: it may fail alone, the write stands. */
export type AfterCommit<K extends EventName> = (event: DomainEvents[K]) => void | Promise<void>;

export interface EventBus {
  /** Subscribes after commit: an exception or a rejected promise is logged and stops nothing else. */
  on<K extends EventName>(name: K, handler: AfterCommit<K>): void;
  /** Subscribes inside the writer's transaction, for what must be exact. */
  within<K extends EventName>(name: K, handler: InTransaction<K>): void;
  /**
   * Runs `fn` in one transaction; the events it publishes reach after-commit subscribers once it
   * has committed. Each call is one attempt: a caller that retries calls it again, and only the
   * attempt that commits publishes.
   */
  transaction<T>(db: Db, fn: (trx: Db, tx: EventTransaction) => Promise<T>): Promise<T>;
  /** Publishes the event of a write that committed on its own (one statement, no transaction). */
  committed<K extends EventName>(name: K, event: DomainEvents[K]): void;
  /** Waits for the after-commit work started so far (tests, shutdown). */
  settled(): Promise<void>;
}

interface Log {
  error(obj: object, msg: string): void;
}

/** The in-process dispatcher of domain events, one per app. */
export function createEventBus(log: Log): EventBus {
  const after = new Map<EventName, AfterCommit<EventName>[]>();
  const inside = new Map<EventName, InTransaction<EventName>[]>();
  const running = new Set<Promise<unknown>>();

  const isolated = (name: string, work: () => void | Promise<void>) => {
    const failed = (err: unknown) => log.error({ err, event: name }, 'event subscriber failed');
    try {
      const done = work();
      if (!done) return;
      const tracked = done.catch(failed).finally(() => running.delete(tracked));
      running.add(tracked);
    } catch (err) {
      failed(err);
    }
  };
  const deliver = <K extends EventName>(name: K, event: DomainEvents[K]) => {
    for (const handler of after.get(name) ?? []) isolated(name, () => handler(event));
  };

  return {
    on(name, handler) {
      after.set(name, [...(after.get(name) ?? []), handler as AfterCommit<EventName>]);
    },
    within(name, handler) {
      inside.set(name, [...(inside.get(name) ?? []), handler as InTransaction<EventName>]);
    },
    async transaction(db, fn) {
      const pending: (() => void)[] = [];
      const result = await db.transaction().execute((trx) => {
        const tx: EventTransaction = {
          async publish(name, event) {
            for (const handler of inside.get(name) ?? []) await handler(trx, event, tx);
            pending.push(() => deliver(name, event));
          },
          afterCommit(work) {
            pending.push(() => isolated('after commit', work));
          },
        };
        return fn(trx, tx);
      });
      for (const flush of pending) flush();
      return result;
    },
    committed(name, event) {
      if (inside.has(name))
        throw new Error(`${name} has in-transaction subscribers: publish it in a transaction`);
      deliver(name, event);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
