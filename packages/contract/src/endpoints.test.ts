import { describe, expect, it } from 'vitest';
import { endpointGroups, endpoints } from './endpoints';

describe('the endpoint table', () => {
  it('keeps every entry of every group: no name is declared twice, none is outside a group', () => {
    const parts: object[] = Object.values(endpointGroups);
    const names = parts.flatMap((part) => Object.keys(part));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(endpoints).length).toBe(names.length);
  });

  it('declares each method and path once', () => {
    const routes = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
