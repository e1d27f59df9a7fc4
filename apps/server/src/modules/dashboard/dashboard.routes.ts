import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, PERM, dashboardSummarySchema, envelopeSchema, type DashboardSummary } from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../platform/reply';
import type { SessionUser } from '../../platform/sessions';
import { projectScope } from '../project';
import { supplierScope } from '../supplier';
import { dueProjects, expiringSuppliers, myTasks, projectCountsByStatus } from './dashboard.repo';
import { limsFigures } from './lims-figures';

const tags = ['首页'];

/**
 * 首页 figures (any signed-in user; visits are /sys/loginfo and /sys/visitInfo). A figure is answered
 * only to a user who may read its list: projects with `project:list`, suppliers with `supplier:list`,
 * the laboratory figures with their pages' codes (lims-figures.ts); each counts only the rows that
 * list shows the user (its data rules).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The project figures: counts per status (every dictionary status, zeros included) and the due list. */
  const projectFigures = async (user: SessionUser) => {
    const scope = await app.dataScope(user, projectScope);
    const [counts, due, tasks, statusTexts] = await Promise.all([
      projectCountsByStatus(app.db, scope),
      dueProjects(app.db, scope),
      myTasks(app.db, user.id, scope),
      app.dictCache.options('project_status'),
    ]);
    const textOf = new Map((statusTexts ?? []).map((o) => [o.value, o.text]));
    const statuses = [...textOf.keys(), ...[...counts.keys()].filter((s) => !textOf.has(s)).sort()];
    return {
      projectsByStatus: statuses.map((status) => ({
        status,
        statusText: textOf.get(status) ?? status,
        count: counts.get(status) ?? 0,
      })),
      projectTotal: [...counts.values()].reduce((a, b) => a + b, 0),
      dueProjects: due.rows.map((r) => ({ ...r, statusText: textOf.get(r.status) ?? r.status })),
      dueProjectTotal: due.total,
      myTasks: tasks.rows.map((r) => ({ ...r, statusText: textOf.get(r.status) ?? r.status })),
      myTaskTotal: tasks.total,
    };
  };
  const supplierFigures = async (user: SessionUser) => {
    const expiring = await expiringSuppliers(app.db, await app.dataScope(user, supplierScope));
    return { expiringSuppliers: expiring.rows, expiringSupplierTotal: expiring.total };
  };

  app.get(
    '/dashboard/summary',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary:
          '首页统计：各状态项目数、7 天内到期项目、我的待办（需 project:list）、资质 30 天内到期或已过期的供应商（需 supplier:list）、' +
          '实验室数字（本周接收样品、待录入、待复核、逾期检测任务、本月发布报告，各需其页面权限）',
        response: { 200: envelopeSchema(dashboardSummarySchema) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const may = async (code: string) => !user.mustChangePassword && app.permissionCache.allows(user, code);
      const [seesProjects, seesSuppliers] = await Promise.all([may(PERM.project.list), may(PERM.supplier.list)]);
      const [projectPart, supplierPart, lims] = await Promise.all([
        seesProjects ? projectFigures(user) : {},
        seesSuppliers ? supplierFigures(user) : {},
        limsFigures(app, user, may),
      ]);
      const summary: DashboardSummary = { ...projectPart, ...supplierPart, ...(lims ? { lims } : {}) };
      return ok(summary, MSG.queryOk);
    },
  );
};
