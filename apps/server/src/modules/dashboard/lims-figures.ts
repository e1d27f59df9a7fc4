import { and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PERM, type LimsFigures, type PermissionCode } from '@lims/contracts';
import type { ListEntity } from '../../platform/list-query';
import type { SessionUser } from '../../platform/sessions';
import {
  analysesOpen,
  analysesOverdue,
  analysesToVerify,
  analysisRows,
  reportRows,
  reportsPublishedThisMonth,
  sampleRows,
  samplesReceivedThisWeek,
} from './lims-figures.repo';

/**
 * The 首页 laboratory figures the user may see: each one only with the list code of the page its
 * card opens (样品管理, 结果录入, 结果复核, 检测任务, 检测报告), counted within the data rules of that
 * page and, for analyses, also those of 检测任务 (a figure never counts a row a page would hide).
 * Undefined when the user holds none of those pages.
 */
export async function limsFigures(
  app: FastifyInstance,
  user: SessionUser,
  may: (code: PermissionCode) => Promise<boolean>,
): Promise<LimsFigures | undefined> {
  const [sample, result, verify, analysis, report] = await Promise.all(
    [PERM.sample.list, PERM.result.list, PERM.verify.list, PERM.analysis.list, PERM.report.list].map(may),
  );
  if (!sample && !result && !verify && !analysis && !report) return undefined;
  const scopeOf = (entity: ListEntity, code: PermissionCode) => app.dataScope(user, { entity, code });
  const analysisScope = await scopeOf(analysisRows, PERM.analysis.list);
  const [sampleScope, resultScope, verifyScope, reportScope] = await Promise.all([
    scopeOf(sampleRows, PERM.sample.list),
    scopeOf(analysisRows, PERM.result.list).then((s) => and(analysisScope, s)),
    scopeOf(analysisRows, PERM.verify.list).then((s) => and(analysisScope, s)),
    scopeOf(reportRows, PERM.report.list),
  ]);
  const db = app.db;
  const [received, open, mine, toVerify, overdue, published] = await Promise.all([
    sample ? samplesReceivedThisWeek(db, sampleScope) : undefined,
    result ? analysesOpen(db, resultScope) : undefined,
    result ? analysesOpen(db, resultScope, user.id) : undefined,
    verify ? analysesToVerify(db, verifyScope) : undefined,
    analysis ? analysesOverdue(db, analysisScope) : undefined,
    report ? reportsPublishedThisMonth(db, reportScope) : undefined,
  ]);
  return {
    samplesReceivedThisWeek: received,
    analysesOpen: open,
    myAnalysesOpen: mine,
    analysesToVerify: toVerify,
    analysesOverdue: overdue,
    reportsPublishedThisMonth: published,
  };
}
