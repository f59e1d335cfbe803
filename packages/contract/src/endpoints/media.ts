import { endpoint } from '../endpoint';
import { IdParams } from '../ids';
import {
  BuyMessageResponse,
  IdsQuery,
  MediaAvailableQuery,
  MediaAvailableResponse,
  MediaFileParams,
  MediaFileQuery,
  MediaUploadResponse,
  MediaUsage,
  PaidQuery,
  PurchasePage,
  PurchasesHiddenResponse,
  SalesSummary,
  VaultDeleteResponse,
  VaultPage,
  VaultQuery,
} from '../media';
import { MessageMedia } from '../messages';

/** Uploads, media files, the vault and purchases of paid messages. */
export const mediaEndpoints = {
  // media: uploads, files, vault, purchases
  uploadMedia: endpoint({
    method: 'POST',
    path: '/v1/media',
    access: 'user',
    transport: 'multipart',
    response: MediaUploadResponse,
    errors: [406, 507],
  }),
  mediaAvailable: endpoint({
    method: 'GET',
    path: '/v1/media/available',
    access: 'user',
    query: MediaAvailableQuery,
    response: MediaAvailableResponse,
  }),
  /** A signed URL opens without a session; a session of another viewer than the URL's is refused. */
  mediaFile: endpoint({
    method: 'GET',
    path: '/v1/media/files/:publicId/:variant',
    access: 'optional',
    transport: 'file',
    params: MediaFileParams,
    query: MediaFileQuery,
    errors: [410],
  }),
  listVault: endpoint({
    method: 'GET',
    path: '/v1/media',
    access: 'user',
    query: VaultQuery,
    response: VaultPage,
  }),
  deleteFromVault: endpoint({
    method: 'DELETE',
    path: '/v1/media',
    access: 'user',
    query: IdsQuery,
    response: VaultDeleteResponse,
  }),
  mediaByPublicId: endpoint({
    method: 'GET',
    path: '/v1/users/images/public_id/:id',
    access: 'user',
    params: IdParams,
    response: MessageMedia,
  }),
  buyMessage: endpoint({
    method: 'PATCH',
    path: '/v1/messages/:id/buy',
    access: 'user',
    params: IdParams,
    response: BuyMessageResponse,
    errors: [402, 409, 410],
  }),
  /** What the caller's uploads take in storage, and their quota. */
  mediaUsage: endpoint({ method: 'GET', path: '/v1/media/usage', access: 'user', response: MediaUsage }),
  salesSummary: endpoint({ method: 'GET', path: '/v1/media/sales', access: 'user', response: SalesSummary }),
  listPurchases: endpoint({
    method: 'GET',
    path: '/v1/message/paid',
    access: 'user',
    query: PaidQuery,
    response: PurchasePage,
  }),
  hidePurchases: endpoint({
    method: 'PATCH',
    path: '/v1/messages/hide-paid',
    access: 'user',
    query: IdsQuery,
    response: PurchasesHiddenResponse,
  }),
  unhidePurchases: endpoint({
    method: 'PATCH',
    path: '/v1/messages/unhide-paid',
    access: 'user',
    query: IdsQuery,
    response: PurchasesHiddenResponse,
  }),
} as const;
