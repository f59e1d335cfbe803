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

/**
 * The table's groups, named by the server module that answers: the API reference lists endpoints
 * under these headings.
 */
export const endpointGroups = {
  chats: chatEndpoints,
  accounts: accountEndpoints,
  media: mediaEndpoints,
  payments: paymentEndpoints,
  platform: platformEndpoints,
  feed: feedEndpoints,
  discover: discoverEndpoints,
  broadcasts: broadcastEndpoints,
  earnings: earningsEndpoints,
  push: pushEndpoints,
  admin: adminEndpoints,
  lifecycle: lifecycleEndpoints,
  team: teamEndpoints,
  lists: listEndpoints,
  security: securityEndpoints,
} as const;

/**
 * Every endpoint of the API, one entry each: the server registers its routes from this table and
 * the web client calls through it, so a path, a method or a schema is written once. Grouped by the
 * server module that answers.
 */
export const endpoints = {
  ...chatEndpoints,
  ...accountEndpoints,
  ...mediaEndpoints,
  ...paymentEndpoints,
  ...platformEndpoints,
  ...feedEndpoints,
  ...discoverEndpoints,
  ...broadcastEndpoints,
  ...earningsEndpoints,
  ...pushEndpoints,
  ...adminEndpoints,
  ...lifecycleEndpoints,
  ...teamEndpoints,
  ...listEndpoints,
  ...securityEndpoints,
} as const;

export type Endpoints = typeof endpoints;
