import { describe, expect, it } from 'vitest';
import { countLabel } from './profileText';

describe('countLabel', () => {
  it('shortens large counts without rounding up', () => {
    expect([0, 999, 1000, 1250, 9999, 12_345, 999_999, 3_456_789].map(countLabel)).toEqual([
      '0',
      '999',
      '1K',
      '1.2K',
      '9.9K',
      '12K',
      '999K',
      '3.4M',
    ]);
  });
});
