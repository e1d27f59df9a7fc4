import { and } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOG_MSG, PERM, envelopeSchema, logRecordSchema, pageSchema } from '@lims/contracts';
import { logs } from '../../db/schema';
import { defineListEntity, runList } from '../../platform/list-query';
import { LIST_MSG } from '../../platform/list-query/messages';
import { like } from '../../platform/list-query/values';
import type { DataScopeSpec } from '../../platform/data-scope';
import { badRequest, ok } from '../../platform/reply';

/** The login and operation log as a list: filters through the engine's allow-list. */
export const logList = defineListEntity({
  table: logs,
  fields: {
    logType: logs.logType,
    logContent: logs.logContent,
    operateType: logs.operateType,
    userid: logs.userid,
    username: logs.username,
    ip: logs.ip,
    method: logs.method,
    requestUrl: logs.requestUrl,
    requestParam: { column: logs.requestParam, search: false, sort: false },
    requestType: logs.requestType,
    costTime: logs.costTime,
    success: logs.success,
  },
  dict: { logType: 'log_type', operateType: 'operate_type' },
});

/** The data rules (数据规则) of 日志管理 narrow the log list (e.g. `userid = #{sys_user_code}`). */
export const logScope: DataScopeSpec = { entity: logList, code: PERM.log.list };

const KEYWORD_MAX = 100;

/**
 * 日志管理: GET /sys/log/list with the list engine's params (logType tabs, operateType,
 * createTime_begin/_end, paging, sorting) plus `keyWord`, a literal contains on the log content.
 * requestParam was masked when it was written (platform/audit-log.ts).
 */
export const logListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/log/list',
    {
      config: { permission: PERM.log.list, dataScope: logScope },
      schema: {
        tags: ['日志与统计'],
        summary: '登录日志 / 操作日志',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(logRecordSchema)) },
      },
    },
    async (req) => {
      const { keyWord, ...params } = req.query;
      if (keyWord !== undefined && typeof keyWord !== 'string') throw badRequest(LIST_MSG.repeatedParam('keyWord'));
      const term = keyWord?.trim() ?? '';
      if (term.length > KEYWORD_MAX) throw badRequest(LOG_MSG.keyWordTooLong);
      const where = term ? like(logList.fields.get('logContent')!, term, 'contains', 'keyWord') : undefined;
      return ok(
        await runList(app.db, logList, params, { where: and(where, req.dataScope), loadDict: app.dictCache.textMap }),
      );
    },
  );
};
