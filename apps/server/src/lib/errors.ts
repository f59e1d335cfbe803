import { type BanNotice, ERRORS } from '@parlor/contract';

/** A domain error carries its HTTP status, a snake_case code and the spec's message. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { field?: string; flagged?: string[]; retry_after?: number; ban?: BanNotice } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, code = 'invalid_input', field?: string) =>
  new DomainError(400, code, message, field ? { field } : {});
export const unauthorized = () => new DomainError(401, 'unauthorized', ERRORS.unauthorized);
export const forbidden = (message: string = ERRORS.forbidden, code = 'forbidden') =>
  new DomainError(403, code, message);
export const notFound = (message: string = ERRORS.notFound, code = 'not_found') =>
  new DomainError(404, code, message);
export const conflict = (message: string, code = 'conflict', field?: string) =>
  new DomainError(409, code, message, field ? { field } : {});

/** A write the disk refused for room: ENOSPC (disk full) or EDQUOT (the disk quota of the process's user). */
export const isNoSpace = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};
/** The server's disk is full: the request kept nothing, and may succeed once there is room (507). */
export const insufficientStorage = () =>
  new DomainError(507, 'insufficient_storage', ERRORS.serverStorageFull);
