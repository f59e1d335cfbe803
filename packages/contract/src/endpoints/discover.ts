import {
  DiscoverPage,
  DiscoverQuery,
  FollowingPage,
  FollowingQuery,
  FollowRequest,
  FollowState,
  UnfollowQuery,
} from '../discover';
import { endpoint } from '../endpoint';

/** Discover and follow (docs/discover.md). */
export const discoverEndpoints = {
  discover: endpoint({
    method: 'GET',
    path: '/v1/users/discover',
    // A signed-out visitor browses Discover too, with public fields only (docs/discover.md).
    access: 'optional',
    query: DiscoverQuery,
    response: DiscoverPage,
  }),
  follow: endpoint({
    method: 'POST',
    path: '/v1/users/following',
    access: 'user',
    body: FollowRequest,
    response: FollowState,
    errors: [404],
  }),
  unfollow: endpoint({
    method: 'DELETE',
    path: '/v1/users/following',
    access: 'user',
    query: UnfollowQuery,
    response: FollowState,
  }),
  following: endpoint({
    method: 'GET',
    path: '/v1/users/following',
    access: 'user',
    query: FollowingQuery,
    response: FollowingPage,
  }),
} as const;
