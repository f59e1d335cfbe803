import type { AppContext } from '../../context';
import { ping } from './repository';

/** Whether this process can serve: its database answers. */
export async function databaseReachable(ctx: AppContext): Promise<boolean> {
  try {
    await ping(ctx.db);
    return true;
  } catch {
    return false;
  }
}
