import { ERRORS } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../lib/errors';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * True when every string in the parsed value is well-formed UTF-16 (no lone surrogate) and holds no
 * NUL, which PostgreSQL text cannot store.
 */
function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return value.isWellFormed() && !value.includes('\u0000');
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => wellFormed(k) && wellFormed(v));
  }
  return true;
}

/**
 * Invalid JSON bodies (unknown encoding, a single unpaired surrogate) are a 400 with a
 * clear message, never a 500. Prototype-poisoning keys are refused by Fastify's secure parser.
 */
export function registerJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  const secureParse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(/^application\/(.+\+)?json/, { parseAs: 'buffer' }, (request, body, done) => {
    const charset = /charset=([^;]+)/i
      .exec(request.headers['content-type'] ?? '')?.[1]
      ?.trim()
      .toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      done(new DomainError(400, 'invalid_json', ERRORS.invalidJsonEncoding));
      return;
    }
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(new DomainError(400, 'invalid_json', ERRORS.invalidJsonEncoding));
      return;
    }
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    secureParse(request, text, (error, parsed) => {
      if (error) {
        done(new DomainError(400, 'invalid_json', ERRORS.invalidJson));
      } else if (!wellFormed(parsed)) {
        done(new DomainError(400, 'invalid_json', ERRORS.invalidJsonSurrogate));
      } else {
        done(null, parsed);
      }
    });
  });
}
