import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { ACCOUNT_MESSAGES, AVATAR_MAX_BYTES, User } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { assertNotFrozen } from '../../lib/users';
import { requireUser } from '../../plugins/auth';
import { avatarTooLarge, setAvatarUrl } from './profile';

/** The image type by its first bytes: the client's Content-Type is not trusted. */
function sniffImage(buf: Buffer): { ext: string; mime: string } | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) {
    return { ext: 'jpg', mime: 'image/jpeg' };
  }
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', mime: 'image/png' };
  }
  if (buf.subarray(0, 4).toString('latin1') === 'GIF8') return { ext: 'gif', mime: 'image/gif' };
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { ext: 'webp', mime: 'image/webp' };
  }
  return undefined;
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * A plain profile-photo upload until the media pipeline (issue 4) takes over: one image of at most
 * 5 MB, kept under DATA_DIR/media/avatars and served back by name. Multipart lives in this scope only.
 */
export async function registerAvatarUpload(app: FastifyInstance, ctx: AppContext) {
  const dir = path.join(ctx.config.dataDir, 'media', 'avatars');
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: AVATAR_MAX_BYTES, fields: 5, fieldSize: 1024, parts: 6 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/v1/users/avatar', { schema: { response: { 200: User } } }, async (request) => {
      const auth = requireUser(request);
      assertNotFrozen(auth.user);
      if (!request.isMultipart()) throw badRequest(ACCOUNT_MESSAGES.avatarMissing, 'avatar_missing', 'file');
      const file = await request.file();
      if (!file) throw badRequest(ACCOUNT_MESSAGES.avatarMissing, 'avatar_missing', 'file');
      let buf: Buffer;
      try {
        buf = await file.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw avatarTooLarge();
        throw e;
      }
      if (buf.length === 0) throw badRequest(ACCOUNT_MESSAGES.avatarMissing, 'avatar_missing', 'file');
      const kind = sniffImage(buf);
      if (!kind) throw badRequest(ACCOUNT_MESSAGES.avatarType, 'avatar_type', 'file');
      const name = `${auth.user.id}-${randomBytes(6).toString('hex')}.${kind.ext}`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), buf);
      return setAvatarUrl(ctx, auth.user, `/v1/users/avatars/${name}`);
    });

    r.get(
      '/v1/users/avatars/:file',
      { schema: { params: z.object({ file: z.string().max(120) }) } },
      async (request, reply) => {
        const match = /^[0-9a-f-]{36}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/.exec(request.params.file);
        if (!match) throw notFound();
        const data = await fs.readFile(path.join(dir, request.params.file)).catch(() => undefined);
        if (!data) throw notFound();
        return reply
          .type(MIME_BY_EXT[match[1]!]!)
          .header('Cache-Control', 'public, max-age=86400')
          .header('X-Content-Type-Options', 'nosniff')
          .send(data);
      },
    );
  });
}
