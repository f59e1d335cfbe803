import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import {
  BuyMessageResponse,
  IdsQuery,
  MEDIA,
  MediaAvailableQuery,
  MediaAvailableResponse,
  MediaUploadResponse,
  MediaUploadType,
  MessageMedia,
  PaidQuery,
  PurchasePage,
  SalesSummary,
  VaultPage,
  VaultQuery,
} from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, forbidden } from '../../lib/errors';
import { assertNotFrozen } from '../../lib/users';
import { requireUser } from '../../plugins/auth';
import { registerMediaCors } from '../../plugins/media-cors';
import { buyMessage, listPurchases, salesSummary, selfDestructTask, setPurchasesHidden } from './purchases';
import { mediaRepository, toMessageMedia } from './repository';
import { serveFile } from './serve';
import { signerFor } from './signing';
import { createMediaStorage, type MediaStorage } from './storage';
import { ingest, mediaLimits, type ReceivedFile, receiveFile, type UploadFields } from './upload';
import { deleteFromVault, listVault, mediaByPublicId } from './vault';

const MB = 1024 * 1024;
const Accept = z.enum(['image', 'video', 'any']);

/** Uploads, the vault, signed media files, paid-message purchases and the self-destruct job (issue 4). */
export async function registerMediaRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  storage: MediaStorage = createMediaStorage(ctx.config),
) {
  ctx.jobs.register(selfDestructTask(ctx));
  const limits = mediaLimits(ctx);

  // The media host's routes (part 2 §7: uploads, the availability check, files), in a scope of
  // their own: multipart lives only here, and so does CORS when the media host is another origin.
  await app.register(async (scope) => {
    await registerMediaCors(scope, ctx.config);
    // A file limit just above the larger of the two limits.
    await scope.register(multipart, {
      // A file over the limit arrives cut short and marked truncated; ingest words the refusal.
      throwFileSizeLimit: false,
      limits: {
        files: 1,
        fileSize: Math.ceil(Math.max(limits.imageMaxMb, limits.videoMaxMb) * MB) + 1,
        fields: 8,
        fieldSize: 1024,
        parts: 10,
      },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post('/v1/media', { schema: { response: { 200: MediaUploadResponse } } }, async (request) => {
      const auth = requireUser(request);
      assertNotFrozen(auth.user);
      if (!request.isMultipart()) throw badRequest(MEDIA.uploadFailed, 'media_missing', 'file');
      const fields: Record<string, string> = {};
      let file: ReceivedFile | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              part.file.resume();
              continue;
            }
            file = await receiveFile(ctx, part.file, part.mimetype);
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        if (!file) throw badRequest(MEDIA.uploadFailed, 'media_missing', 'file');
        const type = MediaUploadType.safeParse(fields.type ?? 'message');
        const accept = Accept.safeParse(fields.accept ?? 'any');
        if (!type.success || !accept.success)
          throw badRequest('Unknown upload type.', 'invalid_input', 'type');
        const uploadFields: UploadFields = {
          md5: fields.md5,
          file_size: fields.file_size,
          accept: accept.data,
        };
        const row = await ingest(ctx, storage, auth.user, file, uploadFields);
        return {
          width: row.width,
          height: row.height,
          video_length: row.video_length,
          media: toMessageMedia(row, signerFor(ctx, auth.user.id), true),
        };
      } finally {
        if (file) await fsp.rm(file.path, { force: true });
      }
    });

    r.get(
      '/v1/media/available',
      { schema: { querystring: MediaAvailableQuery, response: { 200: MediaAvailableResponse } } },
      async (request) => {
        const { user } = requireUser(request);
        const row = await mediaRepository.byOwnerMd5(ctx.db, user.id, request.query.media_id);
        if (!row) return { status: false, media: null, width: null, height: null, video_length: null };
        return {
          status: true,
          media: toMessageMedia(row, signerFor(ctx, user.id), true),
          width: row.width,
          height: row.height,
          video_length: row.video_length,
        };
      },
    );

    r.get(
      '/v1/media/files/:publicId/:variant',
      {
        schema: {
          params: z.object({
            publicId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/),
            variant: z.string().max(8),
          }),
          querystring: z.object({
            u: z.string().max(64),
            e: z.coerce.number().int().positive(),
            s: z.string().max(64),
          }),
        },
      },
      async (request, reply) => {
        const { publicId, variant } = request.params;
        const viewer = request.query.u;
        // A URL issued to someone else does not open with your credentials (DESIGN §5).
        if (request.auth && request.auth.user.id !== viewer) throw forbidden();
        return serveFile(ctx, storage, request, reply, { publicId, variant, ...request.query });
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/media', { schema: { querystring: VaultQuery, response: { 200: VaultPage } } }, async (request) =>
    listVault(ctx, requireUser(request).user, request.query),
  );

  r.delete(
    '/v1/media',
    { schema: { querystring: IdsQuery, response: { 200: z.object({ deleted: z.number().int() }) } } },
    async (request) => deleteFromVault(ctx, storage, requireUser(request).user, request.query.ids),
  );

  r.get(
    '/v1/users/images/public_id/:id',
    { schema: { params: z.object({ id: z.string().max(64) }), response: { 200: MessageMedia } } },
    async (request) => mediaByPublicId(ctx, requireUser(request).user, request.params.id),
  );

  r.patch(
    '/v1/messages/:id/buy',
    { schema: { params: z.object({ id: z.string().max(64) }), response: { 200: BuyMessageResponse } } },
    async (request) => buyMessage(ctx, requireUser(request).user, request.params.id),
  );

  r.get('/v1/media/sales', { schema: { response: { 200: SalesSummary } } }, async (request) =>
    salesSummary(ctx, requireUser(request).user),
  );

  r.get(
    '/v1/message/paid',
    { schema: { querystring: PaidQuery, response: { 200: PurchasePage } } },
    async (request) => listPurchases(ctx, requireUser(request).user, request.query),
  );

  for (const [path, hidden] of [
    ['/v1/messages/hide-paid', true],
    ['/v1/messages/unhide-paid', false],
  ] as const) {
    r.patch(
      path,
      { schema: { querystring: IdsQuery, response: { 200: z.object({ updated: z.number().int() }) } } },
      async (request) => setPurchasesHidden(ctx, requireUser(request).user, request.query.ids, hidden),
    );
  }
}
