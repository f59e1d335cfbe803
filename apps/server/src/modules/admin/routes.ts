import multipart from '@fastify/multipart';
import { endpoints, type FeatureFlag } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import type { MediaStorage } from '../media/storage';
import { uploadParserOptions } from '../media/upload';
import { setAccountFeatures } from './features';
import {
  apply,
  myApplication,
  myDocuments,
  openIdDocument,
  submitIdVerification,
  uploadIdDocument,
} from './onboarding';
import {
  adminUser,
  amlQueue,
  applicationsQueue,
  auditLog,
  idVerificationsQueue,
  queueCounts,
  reportsQueue,
  searchUsers,
} from './queues';
import { applyAdminAction } from './service';

/**
 * Creator applications, ID documents and moderation for the admin role (docs/moderation.md); each admin
 * action sends its realtime event and writes an audit row.
 */
export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext, storage: MediaStorage) {
  route(app, endpoints.adminUserAction, async ({ auth, params, body }) => ({
    user: await applyAdminAction(ctx, auth.user, params.id, params.action, body ?? {}),
  }));
  route(app, endpoints.apply, ({ auth, body }) => apply(ctx, auth.user, body?.message));
  route(app, endpoints.myApplication, ({ auth }) => myApplication(ctx, auth.user));
  route(app, endpoints.idDocuments, ({ auth }) => myDocuments(ctx, auth.user));
  route(app, endpoints.submitIdVerification, ({ auth }) => submitIdVerification(ctx, auth.user));
  route(app, endpoints.idDocumentFile, ({ auth, params, query, reply }) =>
    openIdDocument(ctx, storage, auth, reply, { ...params, ...query }),
  );
  // Uploads of ID documents parse multipart in a scope of their own, as media uploads do.
  await app.register(async (scope) => {
    await scope.register(multipart, uploadParserOptions(ctx));
    route(scope, endpoints.uploadIdDocument, ({ auth, params, request }) =>
      uploadIdDocument(ctx, storage, auth.user, params.kind, request),
    );
  });

  route(app, endpoints.adminQueueCounts, () => queueCounts(ctx));
  route(app, endpoints.adminQueueApplications, ({ query }) => applicationsQueue(ctx, query));
  route(app, endpoints.adminQueueIdVerifications, ({ auth, query }) =>
    idVerificationsQueue(ctx, auth.user, query),
  );
  route(app, endpoints.adminQueueReports, ({ query }) => reportsQueue(ctx, query));
  route(app, endpoints.adminQueueAml, ({ query }) => amlQueue(ctx, query));
  route(app, endpoints.adminUsers, ({ query }) => searchUsers(ctx, query));
  route(app, endpoints.adminUser, ({ params }) => adminUser(ctx, params.id));
  route(app, endpoints.adminUserFeatures, ({ auth, params, body }) =>
    setAccountFeatures(ctx, auth.user, params.id, body.features as Partial<Record<FeatureFlag, boolean>>),
  );
  route(app, endpoints.adminAudit, ({ query }) => auditLog(ctx, query));
}
