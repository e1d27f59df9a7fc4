import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, PERM, PROJECT_MSG, RECORD_ID_PATTERN, envelopeSchema, projectAttachmentSchema } from '@lims/contracts';
import { projectAttachments, projects } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { ensureMultipart, extensionOf, safeFileName, sendStoredFile, storeUpload } from '../../platform/files';
import { parentInScope } from '../../platform/data-scope';
import { notFound, ok } from '../../platform/reply';
import { isForeignKeyViolation } from '../../platform/record-checks';
import {
  attachmentsOf,
  findAttachmentFile,
  isAttachmentInScope,
  removeAttachments,
  removeFileRow,
  toAttachment,
  unlinkStoredFiles,
} from './attachment.repo';
import { projectList, projectScope } from './project.entities';

const tags = ['项目附件'];
/** Folder (under the upload root) of project attachments. */
const BIZ = 'project';
const projectId = z
  .string({ error: PROJECT_MSG.projectIdRequired })
  .trim()
  .min(1, PROJECT_MSG.projectIdRequired)
  .regex(RECORD_ID_PATTERN, PROJECT_MSG.projectIdRequired);
const projectQuery = z.object({ projectId, _t: z.string().optional(), token: z.string().optional() });

/** The download name: the requested one (sanitised), always ending with the stored file's extension. */
export function downloadName(requested: string | undefined, stored: { fileName: string; storagePath: string }): string {
  const ext = extensionOf(stored.storagePath);
  const name = safeFileName(requested?.trim() ? requested : stored.fileName);
  return extensionOf(name) === ext ? name : `${name}.${ext}`;
}

/**
 * 项目附件 (`/fj/xmfj/*`): upload to a project (SPEC's types checked by extension and content, size
 * limit, stored by the files platform), list, download by a stored attachment path, delete. An
 * attachment of a project outside the user's data rules (检测项目) is not found, as the project is.
 */
export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await ensureMultipart(app);
  const ofScopedProjects = (scope: SQL | undefined) => parentInScope(projectAttachments.projectId, projectList, scope);
  const requireProject = async (projectId: string, scope: SQL | undefined) => {
    const [row] = await app.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, projectId), scope))
      .limit(1);
    if (!row) throw notFound(PROJECT_MSG.notFound);
  };
  // The generic file routes (/sys/common/download, /sys/common/static) serve a project's attachment
  // only to who may see the project: 检测项目's list permission and its data rules.
  app.fileAccess.set(BIZ, async (user, file) => {
    if (!(await app.permissionCache.allows(user, PERM.project.list))) return false;
    return isAttachmentInScope(app.db, file.id, ofScopedProjects(await app.dataScope(user, projectScope)));
  });

  app.post(
    '/fj/xmfj/upload',
    {
      config: {
        permission: PERM.project.attachmentUpload,
        queryToken: true,
        logTitle: '项目附件-上传',
        dataScope: projectScope,
      },
      schema: {
        tags,
        summary:
          '上传项目附件（multipart 字段 file；doc/docx/xls/xlsx/jpg/png/gif/bmp/txt/pdf/zip/rar/avi/mov/mpg/mp3/mp4，按内容校验）',
        querystring: projectQuery.extend({ biz: z.literal(BIZ).default(BIZ) }),
        response: { 200: envelopeSchema(projectAttachmentSchema) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await requireProject(req.query.projectId, req.dataScope);
      const stored = await storeUpload(app, req, user);
      try {
        const [row] = await app.db
          .insert(projectAttachments)
          .values({
            projectId: req.query.projectId,
            fileId: stored.id,
            fileName: stored.fileName,
            filePath: stored.filePath,
            fileSize: stored.size,
            createBy: user.username,
          })
          .returning();
        return ok(
          toAttachment(app.config.apiBase, { ...row, createByName: user.realname }, (await app.fileUrls.ready()).sign),
          '上传成功！',
        );
      } catch (err) {
        // The project went away meanwhile: drop the stored file again.
        await unlinkStoredFiles(app.fileStorage, await removeFileRow(app.db, stored.id));
        if (isForeignKeyViolation(err)) throw notFound(PROJECT_MSG.notFound);
        throw err;
      }
    },
  );

  app.get(
    '/fj/xmfj/list',
    {
      config: { permission: PERM.project.list, dataScope: projectScope },
      schema: {
        tags,
        summary: '项目（projectId）的附件',
        querystring: projectQuery,
        response: { 200: envelopeSchema(z.array(projectAttachmentSchema)) },
      },
    },
    async (req) => {
      const rows = await attachmentsOf(app.db, req.query.projectId, ofScopedProjects(req.dataScope));
      const { sign } = await app.fileUrls.ready();
      return ok(
        rows.map((r) => toAttachment(app.config.apiBase, r, sign)),
        MSG.queryOk,
      );
    },
  );

  app.get(
    '/fj/xmfj/downloadFile',
    {
      config: { permission: PERM.project.list, queryToken: true, dataScope: projectScope },
      schema: {
        tags,
        summary: '下载附件（filePath 必须是已保存附件的路径；可加 projectId 限定项目；fileName 只决定下载名）',
        querystring: z.object({
          filePath: z.string().max(1000).optional(),
          fileName: z.string().max(1000).optional(),
          projectId: z.string().max(64).optional(),
          _t: z.string().optional(),
          token: z.string().optional(),
        }),
      },
    },
    async (req, reply) => {
      const filePath = req.query.filePath?.trim();
      const file = filePath
        ? await findAttachmentFile(
            app.db,
            filePath,
            req.query.projectId?.trim() || undefined,
            ofScopedProjects(req.dataScope),
          )
        : undefined;
      if (!file) throw notFound(PROJECT_MSG.unknownFile);
      const name = downloadName(req.query.fileName, file);
      return sendStoredFile(
        app,
        reply,
        { ...file, originalName: name },
        { disposition: 'attachment', cacheControl: 'private, no-store' },
      );
    },
  );

  app.delete(
    '/fj/xmfj/delete',
    {
      config: { permission: PERM.project.attachmentDelete, logTitle: '项目附件-删除', dataScope: projectScope },
      schema: {
        tags,
        summary: '删除附件（连同文件）',
        querystring: z.object({ id: z.string().max(64).optional() }),
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const id = req.query.id?.trim();
      const paths = id
        ? await app.db.transaction((tx) => removeAttachments(tx, { ids: [id] }, ofScopedProjects(req.dataScope)))
        : [];
      if (paths.length === 0) throw notFound(PROJECT_MSG.attachmentNotFound);
      await unlinkStoredFiles(app.fileStorage, paths);
      return ok(paths.length, '删除成功！');
    },
  );
};
