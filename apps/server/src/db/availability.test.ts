import { describe, expect, it } from 'vitest';
import {
  createAvailability,
  isConnectionFailure,
  isDatabaseUnavailable,
  markFromDatabase,
} from './availability';

const pgError = (code: string) => Object.assign(new Error('from the server'), { code });

describe('telling a lost database from a wrong statement', () => {
  it('takes lost, refused and shut-down connections for an outage, and nothing else', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      pgError('57P01'),
      pgError('57P03'),
      pgError('08006'),
      pgError('53300'),
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]),
    ])
      expect(isConnectionFailure(err)).toBe(true);
    for (const err of [pgError('23505'), pgError('40001'), pgError('22021'), new Error('boom'), 'text', null])
      expect(isConnectionFailure(err)).toBe(false);
  });

  it('blames the database only for failures of its own connections', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(false);
    markFromDatabase(refused);
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('logs an outage when it starts and when it ends, however many failures it brings', () => {
    const lines: string[] = [];
    const log = {
      warn: (_: object, msg: string) => lines.push(msg),
      info: (_: object, msg: string) => lines.push(msg),
    };
    const availability = createAvailability(log);
    const lost = new Error('Connection terminated unexpectedly');
    markFromDatabase(lost);
    for (let i = 0; i < 50; i++) expect(availability.failed(lost)).toBe(true);
    expect(availability.failed(new Error('a bug'))).toBe(false);
    availability.recovered();
    availability.recovered();
    expect(lines).toEqual([
      'database unreachable: requests answer 503 until it is back',
      'database reachable again',
    ]);
    expect(availability.errorCount()).toBe(50);
  });
});
