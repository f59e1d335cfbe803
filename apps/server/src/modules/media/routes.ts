import multipart from '@fastify/multipart';
import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { registerMediaCors } from '../../plugins/media-cors';
import { mediaUsage } from './quota';
import { mediaAvailable, openMediaFile, uploadMedia } from './service';
import type { MediaStorage } from './storage';
import { uploadParserOptions } from './upload';
import { deleteFromVault, listVault, mediaByPublicId } from './vault';

/** Uploads, the vault and signed media files; buying a paid message is the messages module's. */
export async function registerMediaRoutes(app: FastifyInstance, ctx: AppContext, storage: MediaStorage) {
  // The media host's routes (uploads, the availability check, files), in a scope of their own:
  // multipart lives only here, and so does CORS when the media host is another origin.
  await app.register(async (scope) => {
    await registerMediaCors(scope, ctx.config);
    await scope.register(multipart, uploadParserOptions(ctx));
    route(scope, endpoints.uploadMedia, ({ auth, request }) => uploadMedia(ctx, storage, auth.user, request));
    route(scope, endpoints.mediaAvailable, ({ auth, query }) =>
      mediaAvailable(ctx, auth.user, query.media_id, query.type),
    );
    route(scope, endpoints.mediaFile, ({ auth, params, query, request, reply }) =>
      openMediaFile(ctx, storage, auth, request, reply, { ...params, ...query }),
    );
  });

  route(app, endpoints.listVault, ({ auth, query }) => listVault(ctx, auth.user, query));
  route(app, endpoints.deleteFromVault, ({ auth, query }) =>
    deleteFromVault(ctx, storage, auth.user, query.ids),
  );
  route(app, endpoints.mediaUsage, ({ auth }) => mediaUsage(ctx, auth.user));
  route(app, endpoints.mediaByPublicId, ({ auth, params }) => mediaByPublicId(ctx, auth.user, params.id));
}
