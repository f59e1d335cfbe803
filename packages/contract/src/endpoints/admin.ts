import {
  AdminAmlPage,
  AdminApplicationsPage,
  AdminAuditPage,
  AdminAuditQuery,
  AdminFeaturesRequest,
  AdminIdVerificationsPage,
  AdminPageQuery,
  AdminQueueCounts,
  AdminReportsPage,
  AdminUser,
  AdminUserSearchQuery,
  AdminUsersPage,
  ApplicationResponse,
  ApplyRequest,
  IdDocument,
  IdDocumentFileParams,
  IdDocumentFileQuery,
  IdDocumentParams,
  IdDocuments,
} from '../admin';
import { AdminPayoutsPage } from '../earnings';
import { endpoint } from '../endpoint';
import { IdParams } from '../ids';

/** Creator applications, ID documents and the admin console (docs/moderation.md). */
export const adminEndpoints = {
  // a fan's side
  apply: endpoint({
    method: 'POST',
    path: '/v1/users/apply',
    access: 'user',
    body: ApplyRequest,
    response: ApplicationResponse,
    errors: [409],
  }),
  myApplication: endpoint({
    method: 'GET',
    path: '/v1/users/apply',
    access: 'user',
    response: ApplicationResponse,
  }),
  /** Multipart with one `file`: a photo of the ID (`id`) or a selfie (`selfie`); the newest of each counts. */
  uploadIdDocument: endpoint({
    method: 'POST',
    path: '/v1/users/id-verification/documents/:kind',
    access: 'user',
    transport: 'multipart',
    params: IdDocumentParams,
    response: IdDocument,
    status: 201,
    errors: [406, 507],
  }),
  idDocuments: endpoint({
    method: 'GET',
    path: '/v1/users/id-verification/documents',
    access: 'user',
    response: IdDocuments,
  }),
  /** Sends both documents for review: the status becomes in_progress. */
  submitIdVerification: endpoint({
    method: 'POST',
    path: '/v1/users/id-verification',
    access: 'user',
    response: IdDocuments,
    errors: [409],
  }),
  /** A signed URL, issued only to the owner and admins; a session of anyone else is refused. */
  idDocumentFile: endpoint({
    method: 'GET',
    path: '/v1/id-documents/:publicId',
    access: 'optional',
    transport: 'file',
    params: IdDocumentFileParams,
    query: IdDocumentFileQuery,
  }),

  // the console
  /** Open items of every queue in one answer, for the tabs' counts. */
  adminQueueCounts: endpoint({
    method: 'GET',
    path: '/v1/admin/queue/counts',
    access: 'admin',
    response: AdminQueueCounts,
  }),
  adminQueueApplications: endpoint({
    method: 'GET',
    path: '/v1/admin/queue/applications',
    access: 'admin',
    query: AdminPageQuery,
    response: AdminApplicationsPage,
  }),
  adminQueueIdVerifications: endpoint({
    method: 'GET',
    path: '/v1/admin/queue/id-verifications',
    access: 'admin',
    query: AdminPageQuery,
    response: AdminIdVerificationsPage,
  }),
  adminQueueReports: endpoint({
    method: 'GET',
    path: '/v1/admin/queue/reports',
    access: 'admin',
    query: AdminPageQuery,
    response: AdminReportsPage,
  }),
  adminQueuePayouts: endpoint({
    method: 'GET',
    path: '/v1/admin/queue/payouts',
    access: 'admin',
    query: AdminPageQuery,
    response: AdminPayoutsPage,
  }),
  adminQueueAml: endpoint({
    method: 'GET',
    path: '/v1/admin/queue/aml',
    access: 'admin',
    query: AdminPageQuery,
    response: AdminAmlPage,
  }),
  adminUsers: endpoint({
    method: 'GET',
    path: '/v1/admin/users',
    access: 'admin',
    query: AdminUserSearchQuery,
    response: AdminUsersPage,
  }),
  adminUser: endpoint({
    method: 'GET',
    path: '/v1/admin/users/:id',
    access: 'admin',
    params: IdParams,
    response: AdminUser,
  }),
  /** Sets feature flags of one account; it hears `provider_features_update` and its config follows. */
  adminUserFeatures: endpoint({
    method: 'PATCH',
    path: '/v1/admin/users/:id/features',
    access: 'admin',
    params: IdParams,
    body: AdminFeaturesRequest,
    response: AdminUser,
  }),
  adminAudit: endpoint({
    method: 'GET',
    path: '/v1/admin/audit',
    access: 'admin',
    query: AdminAuditQuery,
    response: AdminAuditPage,
  }),
} as const;
