import type { FanList, ListRule } from '@parlor/contract';

/** A fan list as the server answers it. */
export function fanList(id: string, name: string, extra: Partial<FanList> = {}): FanList {
  return {
    _id: id,
    name,
    kind: 'custom',
    rule: null,
    count: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    ...extra,
  };
}

export const smartList = (id: string, name: string, rule: ListRule, count = 0) =>
  fanList(id, name, { kind: 'smart', rule, count });
