import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../sessions';
import type { FileRow } from './files.repo';

/** Whether a user may read a stored file of a business record (registered per `biz` by the record's module). */
export type FileAccessRule = (user: SessionUser, file: FileRow) => Promise<boolean>;

/**
 * A stored file is readable by a signed-in user when the module owning its `biz` says so (a project's
 * attachment: the project's permission and data rules); files of no business record (avatars,
 * announcement images, plain uploads) by any signed-in user.
 */
export async function canReadFile(app: FastifyInstance, user: SessionUser, file: FileRow): Promise<boolean> {
  const rule = app.fileAccess.get(file.biz);
  return rule ? rule(user, file) : true;
}
