import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PROJECT_MSG, canMoveProject, type ProjectForm } from '@lims/contracts';
import { customerUnits, departs, users } from '../../db/schema';
import { AppError, badRequest } from '../../platform/reply';
import { assertDictValues, isForeignKeyViolation } from '../../platform/record-checks';
import { contactsOfUnits, defaultContact } from './project.repo';

type ProjectFields = Omit<ProjectForm, 'items'>;

async function exists(
  app: FastifyInstance,
  table: typeof customerUnits | typeof users | typeof departs,
  id: string,
): Promise<boolean> {
  const rows = await app.db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * Checks what the form refers to (unit, manager, department, test type) and answers the stored
 * values of the project's own fields, with the contact filled from the unit when not given.
 */
export async function projectValues(app: FastifyInstance, form: ProjectFields) {
  await assertDictValues(app.dictCache, [['test_type', form.testType, PROJECT_MSG.testTypeInvalid]]);
  if (!(await exists(app, customerUnits, form.customerUnitId))) throw badRequest(PROJECT_MSG.unitNotFound);
  if (form.managerId && !(await exists(app, users, form.managerId))) throw badRequest(PROJECT_MSG.managerNotFound);
  if (form.departId && !(await exists(app, departs, form.departId))) throw badRequest(PROJECT_MSG.departNotFound);
  const contact = defaultContact(form, await contactsOfUnits(app.db, [form.customerUnitId]));
  return {
    name: form.name,
    customerUnitId: form.customerUnitId,
    testType: form.testType,
    managerId: form.managerId,
    departId: form.departId,
    startDate: form.startDate,
    dueDate: form.dueDate,
    amount: form.amount,
    remark: form.remark,
    ...contact,
  };
}

/** 400 `项目状态不能从「已完成」改为「待受理」` for a move PROJECT_TRANSITIONS does not allow. */
export async function assertTransition(app: FastifyInstance, from: string, to: string): Promise<void> {
  if (canMoveProject(from, to)) return;
  const texts = await app.dictCache.textMap('project_status');
  throw badRequest(PROJECT_MSG.transition(texts.get(from) ?? from, texts.get(to) ?? to));
}

/** Runs a project write; a reference removed meanwhile (key violation) becomes a 400 the user can act on. */
export async function writeProject<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err) && !(err instanceof AppError)) throw badRequest(PROJECT_MSG.refGone);
    throw err;
  }
}
