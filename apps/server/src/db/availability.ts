/** The few logger methods this needs (Fastify's logger, pino, or a test's stand-in). */
interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Node's socket errors that mean the server at the other end cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that is going away or refuses sessions for now: admin shutdown, crash
 * shutdown, cannot connect now (starting up or in recovery), too many connections. Class 08
 * (connection exception) is matched by its prefix.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres' own words for a connection it lost, or could not open or check out in time. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed/,
];

/**
 * Whether an error means a server the request needs cannot be reached at the moment, rather than
 * that the request or the statement was wrong: such a failure answers 503 and is worth retrying.
 */
export function isConnectionFailure(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message, errors } = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08...$/.test(code)))
    return true;
  // A host name with several addresses fails with one error per address, gathered.
  if (Array.isArray(errors) && errors.some(isConnectionFailure)) return true;
  return typeof message === 'string' && CLIENT_MESSAGES.some((m) => m.test(message));
}

/**
 * Errors of the database's own connections carry this mark (set where they are opened and
 * queried), so that a push service or a bucket that refuses a connection is not taken for the
 * database going away.
 */
const FROM_DATABASE = Symbol('from the database');

/** Marks what `work` rejects with as the database's. */
export function fromDatabase<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    markFromDatabase(err);
    throw err;
  });
}

export function markFromDatabase(err: unknown) {
  if (err && typeof err === 'object') (err as { [FROM_DATABASE]?: true })[FROM_DATABASE] = true;
}

/** Whether an error is the database being unreachable (see isConnectionFailure). */
export function isDatabaseUnavailable(err: unknown): boolean {
  return (
    !!err &&
    typeof err === 'object' &&
    (err as { [FROM_DATABASE]?: true })[FROM_DATABASE] === true &&
    isConnectionFailure(err)
  );
}

/**
 * What a process knows of its database's reachability. Every query that fails for want of a
 * connection is counted, but an outage is logged twice, when it starts and when it ends, however
 * many requests and background loops run into it meanwhile.
 */
export interface Availability {
  /** Notes a failure; answers whether it was the database being unreachable (then it is handled). */
  failed(err: unknown): boolean;
  /** A connection opened or a query answered: an outage being reported is over. */
  recovered(): void;
  /** Failures for want of a connection since the start (metrics). */
  errorCount(): number;
}

export function createAvailability(log?: Log): Availability {
  let downSince: number | undefined;
  let errors = 0;
  return {
    failed(err) {
      if (!isDatabaseUnavailable(err)) return false;
      errors++;
      if (downSince === undefined) {
        downSince = Date.now();
        log?.warn({ err }, 'database unreachable: requests answer 503 until it is back');
      }
      return true;
    },
    recovered() {
      if (downSince === undefined) return;
      log?.info({ outage_ms: Date.now() - downSince }, 'database reachable again');
      downSince = undefined;
    },
    errorCount: () => errors,
  };
}
