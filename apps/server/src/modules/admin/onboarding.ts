import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import {
  type ApplicationResponse,
  ERRORS,
  type IdDocument,
  type IdDocumentKind,
  type IdDocuments,
  MEDIA,
  MODERATION_MESSAGES,
  tooLargeMessage,
} from '@parlor/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import type { IdDocumentsTable } from '../../db/schema-moderation';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { assertNotFrozen } from '../../lib/users';
import type { AuthContext } from '../../plugins/auth';
import { detectType, LoadError, processDocument } from '../media/processing';
import { checkSignedUrl, signIdDocument } from '../media/signing';
import type { MediaStorage } from '../media/storage';
import { imageLoadMessage, mediaLimits, readUploadForm } from '../media/upload';
import { toUser } from '../users/dto';
import { users } from '../users/service';
import { moderationRepository } from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Storage keys are `{id}/{variant}`: ID documents take the variant `idv`, which media never uses. */
const idDocumentKey = (publicId: string) => `${publicId}/idv`;

/** Statuses in which the account may (re)send ID documents. */
const MAY_SUBMIT = new Set([null, 'pending', 'retake']);

function applicationOf(
  row: { status: 'pending' | 'approved' | 'rejected'; created_at: Date } | undefined,
  user: UserRow,
): ApplicationResponse {
  return {
    status: row?.status ?? 'none',
    id_verification_status: user.id_verification_status,
    created_at: iso(row?.created_at ?? null),
  };
}

/** GET /v1/users/apply: the caller's application, `none` before applying. */
export async function myApplication(ctx: AppContext, user: UserRow): Promise<ApplicationResponse> {
  return applicationOf(await moderationRepository.application(ctx.db, user.id), user);
}

/**
 * POST /v1/users/apply: a fan asks to become a creator. Asking again while pending answers the same
 * application; a rejection is final (the spec's message); an account that is already a creator is
 * refused. The ID check starts at `pending` so the onboarding screen asks for the documents next.
 */
export async function apply(
  ctx: AppContext,
  user: UserRow,
  message: string | undefined,
): Promise<ApplicationResponse> {
  assertNotFrozen(user);
  const existing = await moderationRepository.application(ctx.db, user.id);
  if (existing?.status === 'rejected') throw forbidden(ERRORS.applicationRejected, 'application_rejected');
  if (user.type === 'featured' || existing?.status === 'approved')
    throw conflict(MODERATION_MESSAGES.alreadyCreator, 'already_creator');
  const now = ctx.clock.now();
  const { row, updated } = await ctx.db.transaction().execute(async (trx) => {
    const row = await moderationRepository.apply(trx, user.id, message || null, now);
    const updated =
      user.id_verification_status === null
        ? await users.update(trx, user.id, { id_verification_status: 'pending' })
        : user;
    return { row, updated };
  });
  if (updated !== user) ctx.hub.publish(user.id, 'user.update', toUser(updated));
  return applicationOf(row, updated);
}

type DocumentRow = Pick<IdDocumentsTable, 'public_id' | 'kind' | 'width' | 'height'> & { created_at: Date };

/** A document as a viewer (its owner or an admin) gets it: with a URL signed for that viewer. */
export function toIdDocument(ctx: AppContext, viewerId: string, row: DocumentRow): IdDocument {
  return {
    _id: row.public_id,
    kind: row.kind,
    url: signIdDocument(ctx, viewerId, row.public_id),
    width: row.width,
    height: row.height,
    created_at: row.created_at.toISOString(),
  };
}

/** The newest ID photo and selfie of each user, as `viewerId` may open them. */
export async function documentsOf(ctx: AppContext, viewerId: string, userIds: string[]) {
  const rows = await moderationRepository.latestDocuments(ctx.db, userIds);
  const byUser = new Map<string, { id: IdDocument | null; selfie: IdDocument | null }>();
  for (const id of userIds) byUser.set(id, { id: null, selfie: null });
  for (const row of rows) {
    const docs = byUser.get(row.user_id);
    if (docs) docs[row.kind] = toIdDocument(ctx, viewerId, row);
  }
  return byUser;
}

/** GET /v1/users/id-verification/documents: the caller's own documents. */
export async function myDocuments(ctx: AppContext, user: UserRow): Promise<IdDocuments> {
  const docs = (await documentsOf(ctx, user.id, [user.id])).get(user.id) ?? { id: null, selfie: null };
  return { ...docs, id_verification_status: user.id_verification_status };
}

function assertMaySubmit(user: UserRow) {
  if (MAY_SUBMIT.has(user.id_verification_status)) return;
  if (user.id_verification_status === 'verified')
    throw conflict(MODERATION_MESSAGES.idAlreadyVerified, 'id_verified');
  if (user.id_verification_status === 'in_progress')
    throw conflict(MODERATION_MESSAGES.idUnderReview, 'id_in_review');
  throw forbidden(MODERATION_MESSAGES.idRejected, 'id_rejected');
}

/**
 * POST /v1/users/id-verification/documents/{kind}: one photo, re-encoded (no EXIF) and kept under
 * `{public_id}/idv` in media storage, apart from the vault: no message, post or broadcast can point at it.
 */
export async function uploadIdDocument(
  ctx: AppContext,
  storage: MediaStorage,
  user: UserRow,
  kind: IdDocumentKind,
  request: FastifyRequest,
): Promise<IdDocument> {
  assertNotFrozen(user);
  assertMaySubmit(user);
  const { file } = await readUploadForm(ctx, request, user);
  if (!file) throw badRequest(MEDIA.uploadFailed, 'media_missing', 'file');
  try {
    if (file.truncated)
      throw badRequest(tooLargeMessage('image', mediaLimits(ctx)), 'media_rejected', 'file');
    const detected = file.size > 0 ? await detectType(file.path) : undefined;
    if (!detected?.startsWith('image/'))
      throw badRequest(
        MEDIA.unsupported.replace('{type}', detected ?? (file.clientType || 'unknown')),
        'media_rejected',
        'file',
      );
    let processed: Awaited<ReturnType<typeof processDocument>>;
    try {
      processed = await processDocument(file.path);
    } catch (e) {
      if (e instanceof LoadError) throw badRequest(imageLoadMessage(e), 'media_rejected', 'file');
      throw e;
    }
    const publicId = randomBytes(16).toString('base64url');
    await storage.put(idDocumentKey(publicId), processed.body, 'image/jpeg');
    const row = await moderationRepository.insertDocument(ctx.db, {
      public_id: publicId,
      user_id: user.id,
      kind,
      size_bytes: processed.body.length,
      width: processed.width,
      height: processed.height,
      created_at: ctx.clock.now(),
    });
    return toIdDocument(ctx, user.id, row);
  } finally {
    await fsp.rm(file.path, { force: true });
  }
}

/** POST /v1/users/id-verification: both documents go to the admins' queue (`in_progress`). */
export async function submitIdVerification(ctx: AppContext, user: UserRow): Promise<IdDocuments> {
  assertNotFrozen(user);
  assertMaySubmit(user);
  const docs = await myDocuments(ctx, user);
  if (!docs.id || !docs.selfie) throw badRequest(MODERATION_MESSAGES.documentsMissing, 'documents_missing');
  const updated = await users.update(ctx.db, user.id, {
    id_verification_status: 'in_progress',
    id_submitted_at: ctx.clock.now(),
  });
  ctx.hub.publish(user.id, 'user.update', toUser(updated));
  return { ...docs, id_verification_status: updated.id_verification_status };
}

/**
 * GET /v1/id-documents/{public_id}?u=&e=&s=: the signed URL is the capability, and it is only ever
 * signed for the owner or an admin; the viewer it names must still be one of them when it is used,
 * and a session of someone else is refused, so a leaked link does not open for another account.
 */
export async function openIdDocument(
  ctx: AppContext,
  storage: MediaStorage,
  auth: AuthContext | null,
  reply: FastifyReply,
  url: { publicId: string; u: string; e: number; s: string },
) {
  if (auth && auth.user.id !== url.u) throw forbidden();
  const check = checkSignedUrl(ctx.secrets.mediaKey, { ...url, variant: 'idv' }, ctx.clock.now());
  if (check !== 'ok') throw forbidden();
  const doc = await moderationRepository.documentByPublicId(ctx.db, url.publicId);
  if (!doc) throw notFound(MODERATION_MESSAGES.documentNotFound, 'document_not_found');
  if (doc.user_id !== url.u) {
    const viewer = await users.byId(ctx.db, url.u);
    if (viewer?.role !== 'admin' || viewer.banned_at) throw forbidden();
  }
  const body = await storage.read(idDocumentKey(doc.public_id));
  if (!body) throw notFound(MODERATION_MESSAGES.documentNotFound, 'document_not_found');
  return reply
    .type('image/jpeg')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/**
 * Deletes every ID document of these accounts, rows and files, inside the caller's transaction: the
 * files go before the commit, so a storage failure rolls the caller back rather than leaving rows
 * pointing at nothing.
 */
export async function eraseIdDocuments(trx: Kysely<DB>, storage: MediaStorage, userIds: string[]) {
  const documents = await moderationRepository.deleteDocumentsOf(trx, userIds);
  if (documents.length > 0) await storage.remove(documents.map(idDocumentKey));
}
