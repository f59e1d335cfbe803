import { describe, expect, it } from 'vitest';
import { branchTarget } from './branchTarget';

describe('deep link target', () => {
  it('is the path after /branch, or the to query, keeping the rest of the query', () => {
    expect(branchTarget('/branch/chats/42', '')).toBe('/chats/42');
    expect(branchTarget('/branch', '?to=/mila')).toBe('/mila');
    expect(branchTarget('/branch/', '?to=%2Faccount%2Fget-credits&ref=mail')).toBe(
      '/account/get-credits?ref=mail',
    );
    expect(branchTarget('/branch/discover', '?utm=x')).toBe('/discover?utm=x');
  });

  it('is none without a target, or for one outside the app', () => {
    expect(branchTarget('/branch', '')).toBeNull();
    expect(branchTarget('/branch', '?to=https://evil.example/')).toBeNull();
    expect(branchTarget('/branch', '?to=//evil.example/')).toBeNull();
    expect(branchTarget('/branch', '?to=/\\evil.example')).toBeNull();
    expect(branchTarget('/branch', '?to=javascript:alert(1)')).toBeNull();
    expect(branchTarget('/branch/branch/x', '')).toBeNull();
  });
});
