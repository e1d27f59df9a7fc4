import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, envelopeSchema } from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import {
  FILE_MSG,
  IMAGE_MIME,
  STORED_PATH_RE,
  canReadFile,
  ensureMultipart,
  extensionOf,
  findFileByPath,
  findStoredFile,
  sendStoredFile,
  storeUpload,
} from '../../platform/files';
import { AppError, notFound, ok } from '../../platform/reply';

const tags = ['文件'];
const storedFileSchema = z.object({ id: z.string(), filePath: z.string(), fileName: z.string(), url: z.string() });
const refParams = z.object({ '*': z.string().max(300) });
const fileQuery = z.object({ token: z.string().optional(), _t: z.string().optional() });

/**
 * Upload (`/sys/common/upload`, within the user's quota), download by id or stored path
 * (`/sys/common/download/*`) and images (`/sys/common/static/*`, images only). Both reads need a
 * session (header or `token` query parameter) and the owning record's access rule (a project's
 * attachment: the project's permission and data rules); an image also opens with a signed URL the
 * API answered (`?expires=&sign=`, for `<img>`) during its lifetime.
 */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  await ensureMultipart(app);

  app.post(
    '/sys/common/upload',
    {
      config: { access: 'login', queryToken: true, logTitle: '文件上传' },
      schema: {
        tags,
        summary:
          '上传文件（multipart：file，可选 biz 目录名；每人每分钟、每 24 小时有上传配额）；message 与 result.filePath 均为存储路径',
        querystring: z.object({ biz: z.string().max(50).optional(), token: z.string().optional() }),
        response: { 200: envelopeSchema(storedFileSchema) },
      },
    },
    async (req) => {
      const stored = await storeUpload(app, req, requireUser(req));
      // The stored path is also the message: the original JeecgBoot client reads it from there (ours from result).
      return ok(
        { id: stored.id, filePath: stored.filePath, fileName: stored.fileName, url: stored.url },
        stored.filePath,
      );
    },
  );

  app.get(
    '/sys/common/download/*',
    {
      config: { access: 'login', queryToken: true },
      schema: {
        tags,
        summary: '下载文件（文件 id 或存储路径；需登录，项目附件按项目的数据规则）',
        params: refParams,
        querystring: fileQuery,
      },
    },
    async (req, reply) => {
      const row = await findStoredFile(app, req.params['*']);
      // Outside the owning record's rule the file does not exist for the caller (no hint that the id is right).
      if (!(await canReadFile(app, requireUser(req), row))) throw notFound(FILE_MSG.unknownFile);
      return sendStoredFile(app, reply, row, { disposition: 'attachment', cacheControl: 'private, no-store' });
    },
  );

  app.get(
    '/sys/common/static/*',
    {
      // The guard resolves a token when there is one; the handler also takes a signed URL, and answers 401 otherwise.
      config: { access: 'public', queryToken: true },
      schema: {
        tags,
        summary: '图片（按存储路径；需登录或有效的签名 URL）',
        params: refParams,
        querystring: fileQuery.extend({ expires: z.string().max(20).optional(), sign: z.string().max(128).optional() }),
      },
    },
    async (req, reply) => {
      const ref = req.params['*'];
      const signed = !req.user && (await app.fileUrls.ready()).verify(ref, req.query.expires, req.query.sign);
      if (!req.user && !signed) throw new AppError(401, MSG.tokenInvalid);
      const row =
        STORED_PATH_RE.test(ref) && IMAGE_MIME.has(extensionOf(ref)) ? await findFileByPath(app.db, ref) : undefined;
      if (!row || ![...IMAGE_MIME.values()].includes(row.mime)) throw notFound(FILE_MSG.unknownFile);
      if (req.user && !(await canReadFile(app, req.user, row))) throw notFound(FILE_MSG.unknownFile);
      reply.header('cross-origin-resource-policy', 'cross-origin');
      const maxAge = signed ? Math.max(0, Number(req.query.expires) - Math.floor(Date.now() / 1000)) : 3600;
      return sendStoredFile(app, reply, row, { disposition: 'inline', cacheControl: `private, max-age=${maxAge}` });
    },
  );
};
