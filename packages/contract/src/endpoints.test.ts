import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';
import { accountEndpoints } from './endpoints/accounts';
import { adminEndpoints } from './endpoints/admin';
import { broadcastEndpoints } from './endpoints/broadcasts';
import { chatEndpoints } from './endpoints/chats';
import { discoverEndpoints } from './endpoints/discover';
import { earningsEndpoints } from './endpoints/earnings';
import { feedEndpoints } from './endpoints/feed';
import { lifecycleEndpoints } from './endpoints/lifecycle';
import { listEndpoints } from './endpoints/lists';
import { mediaEndpoints } from './endpoints/media';
import { paymentEndpoints } from './endpoints/payments';
import { platformEndpoints } from './endpoints/platform';
import { pushEndpoints } from './endpoints/push';
import { securityEndpoints } from './endpoints/security';
import { teamEndpoints } from './endpoints/team';

describe('the endpoint table', () => {
  it('keeps every entry of every part: no name is declared twice', () => {
    const parts: object[] = [
      chatEndpoints,
      accountEndpoints,
      mediaEndpoints,
      paymentEndpoints,
      platformEndpoints,
      discoverEndpoints,
      feedEndpoints,
      broadcastEndpoints,
      earningsEndpoints,
      pushEndpoints,
      adminEndpoints,
      lifecycleEndpoints,
      teamEndpoints,
      listEndpoints,
      securityEndpoints,
    ];
    const names = parts.flatMap((part) => Object.keys(part));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(endpoints).length).toBe(names.length);
  });

  it('declares each method and path once', () => {
    const routes = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
