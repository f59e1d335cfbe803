import { endpoint } from '../endpoint';
import {
  BuyFeedResponse,
  CreateFeedRequest,
  DeleteFeedResponse,
  FeedPage,
  FeedPost,
  FeedQuery,
  PostPurchasePage,
  PostPurchasesQuery,
  UpdateFeedRequest,
} from '../feed';
import { IdParams } from '../ids';

/** The feed (docs/feed.md): the home feed, a creator's posts, publishing and buying posts. */
export const feedEndpoints = {
  listFeed: endpoint({
    method: 'GET',
    path: '/v1/feed',
    // A creator's page (`model_id`) is public: a visitor gets her posts as a stranger does.
    access: 'optional',
    query: FeedQuery,
    response: FeedPage,
    errors: [451],
  }),
  createFeedPost: endpoint({
    method: 'POST',
    path: '/v1/feed',
    access: 'user',
    body: CreateFeedRequest,
    response: FeedPost,
    errors: [404],
  }),
  updateFeedPost: endpoint({
    method: 'PATCH',
    path: '/v1/feed/:id',
    access: 'user',
    params: IdParams,
    body: UpdateFeedRequest,
    response: FeedPost,
    errors: [409],
  }),
  deleteFeedPost: endpoint({
    method: 'DELETE',
    path: '/v1/feed/:id',
    access: 'user',
    params: IdParams,
    response: DeleteFeedResponse,
  }),
  listPostPurchases: endpoint({
    method: 'GET',
    path: '/v1/feed/purchases',
    access: 'user',
    query: PostPurchasesQuery,
    response: PostPurchasePage,
  }),
  buyFeedPost: endpoint({
    method: 'PATCH',
    path: '/v1/feed/:id/buy',
    access: 'user',
    params: IdParams,
    response: BuyFeedResponse,
    errors: [402, 409],
  }),
} as const;
