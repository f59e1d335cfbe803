import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** Far above any real batch; bounds the size of one statement's array parameters. */
const MAX_BATCH = 500;

/**
 * Calls made together share one `run` over all their inputs; `run` answers one result per input,
 * in order (an Error rejects that call alone). Batches form as `batchedLookup`'s do.
 */
export function batched<I, O>(run: (db: Kysely<DB>, inputs: readonly I[]) => Promise<(O | Error)[]>) {
  const loaders = new WeakMap<Kysely<DB>, DataLoader<I, O>>();
  return (db: Kysely<DB>, input: I): Promise<O> => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<I, O>((inputs) => run(db, inputs), {
        cache: false,
        maxBatchSize: MAX_BATCH,
        batchScheduleFn: (go) => setImmediate(go),
      });
      loaders.set(db, loader);
    }
    return loader.load(input);
  };
}

/**
 * A lookup whose concurrent calls share one statement. Calls made in the same turn of the event
 * loop (requests whose bytes arrived together) go out together when the turn ends, so at rest a
 * call waits for nothing and under load one round trip serves many requests: the busier the
 * server, the larger the batches. `load` answers the rows it found by `keyOf(key)`; a key with no
 * row answers undefined. No caching: every call reads the database as it is now.
 */
export function batchedLookup<K, V>(
  load: (db: Kysely<DB>, keys: readonly K[]) => Promise<Map<string, V>>,
  keyOf: (key: K) => string,
) {
  return batched<K, V | undefined>(async (db, keys) => {
    const found = await load(db, keys);
    return keys.map((k) => found.get(keyOf(k)));
  });
}
