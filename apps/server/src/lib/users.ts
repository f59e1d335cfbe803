import { ERRORS } from '@parlor/contract';
import type { UserRow } from '../db/schema';
import { DomainError } from './errors';

/** A frozen account may read but not act; the popup shows the server's message. */
export function assertNotFrozen(user: Pick<UserRow, 'frozen_at' | 'frozen_message'>) {
  if (user.frozen_at) throw new DomainError(423, 'account_frozen', user.frozen_message || ERRORS.frozen);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids from the outside are checked before they reach SQL, so a malformed one is "not found", not a 500. */
export const isUuid = (s: string) => UUID.test(s);
