import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERM, envelopeSchema, type PermissionCode } from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import {
  FILE_MSG, IMAGE_MIME, ensureMultipart, extensionOf, findStoredFile, sendStoredFile, storeUpload,
} from '../../platform/files';
import { notFound, ok } from '../../platform/reply';

const tags = ['文件'];
const storedFileSchema = z.object({ id: z.string(), filePath: z.string(), fileName: z.string(), url: z.string() });
const refParams = z.object({ '*': z.string().max(300) });

/** Files of a business record: the generic download serves them only to holders of the record's list permission. */
const BIZ_PERMISSION: Record<string, PermissionCode> = { project: PERM.project.list };

/**
 * Upload (`/sys/common/upload`), download by id or stored path (`/sys/common/download/*`) and the
 * public image route (`/sys/common/static/*`, images only, looked up in `files`).
 */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  await ensureMultipart(app);

  app.post('/sys/common/upload', {
    config: { access: 'login', queryToken: true, logTitle: '文件上传' },
    schema: {
      tags,
      summary: '上传文件（multipart：file，可选 biz 目录名）；message 与 result.filePath 均为存储路径',
      querystring: z.object({ biz: z.string().max(50).optional(), token: z.string().optional() }),
      response: { 200: envelopeSchema(storedFileSchema) },
    },
  }, async (req) => {
    const stored = await storeUpload(app, req, requireUser(req));
    // The stored path is also the message: the original JeecgBoot client reads it from there (ours from result).
    return ok({ id: stored.id, filePath: stored.filePath, fileName: stored.fileName, url: stored.url }, stored.filePath);
  });

  app.get('/sys/common/download/*', {
    config: { access: 'login', queryToken: true },
    schema: { tags, summary: '下载文件（文件 id 或存储路径）', params: refParams },
  }, async (req, reply) => {
    const row = await findStoredFile(app, req.params['*']);
    const needed = BIZ_PERMISSION[row.biz];
    // Without the permission the file does not exist for the caller (no hint that the id is right).
    if (needed && !(await app.permissionCache.allows(requireUser(req), needed))) throw notFound(FILE_MSG.unknownFile);
    return sendStoredFile(app, reply, row, { disposition: 'attachment', cacheControl: 'private, no-store' });
  });

  app.get('/sys/common/static/*', {
    config: { access: 'public' },
    schema: { tags, summary: '图片（按存储路径，公开，长缓存）', params: refParams },
  }, async (req, reply) => {
    const ref = req.params['*'];
    const row = await findStoredFile(app, ref);
    if (row.storagePath !== ref || !IMAGE_MIME.has(extensionOf(ref)) || ![...IMAGE_MIME.values()].includes(row.mime)) {
      throw notFound(FILE_MSG.unknownFile);
    }
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return sendStoredFile(app, reply, row, { disposition: 'inline', cacheControl: 'public, max-age=31536000, immutable' });
  });
};
