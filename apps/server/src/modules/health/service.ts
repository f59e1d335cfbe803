import type { AppContext } from '../../context';
import { CONNECT_TIMEOUT_MS } from '../../db/connection';
import { ping } from './repository';

/**
 * Whether this process can serve: its database answers, within the time a request would wait for a
 * connection. A database that accepts connections and then hangs is not ready either, so a load
 * balancer's probe always gets an answer.
 */
export async function databaseReachable(ctx: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CONNECT_TIMEOUT_MS);
  });
  const answered = ping(ctx.db).then(
    () => {
      ctx.database.availability.recovered();
      return true;
    },
    (err: unknown) => {
      ctx.database.availability.failed(err);
      return false;
    },
  );
  try {
    return await Promise.race([answered, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
