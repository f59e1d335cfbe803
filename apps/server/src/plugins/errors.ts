import type { IncomingMessage } from 'node:http';
import { ERRORS, type ErrorBody, UNAVAILABLE_CODES } from '@parlor/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionFailure, isDatabaseUnavailable } from '../db/availability';
import { DomainError, insufficientStorage, isNoSpace } from '../lib/errors';

const FASTIFY_MESSAGES: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: ERRORS.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Unsupported content type.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: ERRORS.invalidJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: ERRORS.invalidJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_body', message: 'Invalid request body length.' },
};

/** PostgreSQL: invalid byte sequence / untranslatable character. */
const isEncodingError = (error: { code?: string }) => error.code === '22021' || error.code === '22P05';

/**
 * How much of a JSON body over the limit is read and dropped before the 413 goes out. A client
 * that writes its whole request before reading would otherwise meet a closed connection (EPIPE)
 * and never see the answer; past this much, the connection is closed as before.
 */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** Reads and drops the rest of a request's body; true when it all arrived within `maxBytes`. */
function drain(req: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (whole: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.resume();
  });
}

/** Seconds a client is asked to wait before retrying a request a dependency could not serve. */
const RETRY_AFTER_S = 5;

/**
 * One place turns every failure into `{ message, code }`; 5xx never shows internals. A failure
 * for want of a connection (the database or another server the request needed) answers 503 with
 * Retry-After; the database's go to `onDatabaseUnavailable`, which logs an outage once, rather
 * than to the error log one request at a time.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  onDatabaseUnavailable: (error: unknown) => void = () => {},
) {
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    // A write to a full disk, wherever it happened, is the server's storage running out.
    const error = isNoSpace(raw) ? Object.assign(insufficientStorage(), { cause: raw }) : raw;
    let status: number;
    let body: ErrorBody;
    // Errors Fastify gave a status (a client that hung up mid-body) keep their own answer.
    if (!raw.statusCode && isConnectionFailure(raw)) {
      const database = isDatabaseUnavailable(raw);
      if (database) {
        onDatabaseUnavailable(raw);
        request.log.debug({ err: raw }, 'database unavailable');
      } else request.log.warn({ err: raw }, 'a server this request needs is unreachable');
      reply.header('retry-after', String(RETRY_AFTER_S));
      reply.status(503).send({
        message: ERRORS.databaseUnavailable,
        code: database ? UNAVAILABLE_CODES.database : UNAVAILABLE_CODES.dependency,
      });
      return;
    }
    if (error instanceof DomainError) {
      status = error.status;
      body = { message: error.message, code: error.code, ...error.extra };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
      status = 400;
      body = { message: first.message ?? ERRORS.default, code: 'invalid_input', ...(field ? { field } : {}) };
    } else if (error.validation) {
      status = 400;
      body = { message: error.message, code: 'invalid_input' };
    } else if (isEncodingError(error)) {
      // A NUL or an unencodable character that slipped past parsing (e.g. in a query string).
      status = 400;
      body = { message: ERRORS.invalidText, code: 'invalid_text' };
    } else if (error.code && FASTIFY_MESSAGES[error.code]) {
      status = error.statusCode ?? 400;
      body = FASTIFY_MESSAGES[error.code]!;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: error.message, code: (error.code ?? 'bad_request').toLowerCase() };
    } else {
      status = 500;
      body = { message: ERRORS.default, code: 'internal' };
    }
    if (status === 507) request.log.error({ err: raw }, 'request failed: the disk is full');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, body.message);
    // Nothing more of the body can be kept: answer now and close, rather than read (and drop) the
    // rest of an upload that may be hundreds of MB.
    if (status === 507 && !request.raw.complete) reply.header('connection', 'close');
    if (body.code === 'body_too_large' && !request.raw.complete)
      return drain(request.raw, DRAIN_MAX_BYTES).then(() => reply.status(status).send(body));
    reply.status(status).send(body);
  });
}
