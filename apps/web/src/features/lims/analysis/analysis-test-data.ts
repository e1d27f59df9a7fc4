import type { AnalysisRecord } from '@lims/contracts';
import { ok, type ApiAnswer, type ApiCall } from '../../../shared/list-page/test-utils';

/** A fake server for the analysis page tests (records as the real lists answer them). */

const base = {
  sampleId: 's1',
  sampleNo: 'YP202611270001',
  sampleName: '出厂水',
  projectId: 'p1',
  projectNo: 'XM202611270001',
  projectName: '自来水厂月度监测',
  standard: 'GB/T 5750',
  specText: null,
  analystId: 'sunqi-id',
  analystName: '孙七',
  dueDate: '2026-12-31',
  enteredBy: null,
  enteredByName: null,
  enteredAt: null,
  rejectReason: null,
  resultRound: 0,
  verifierNames: [],
  version: 0,
  createTime: '2026-11-27 09:00:00',
};

export const PH: AnalysisRecord = {
  ...base,
  id: 'a1',
  itemName: 'pH',
  unit: null,
  specMin: 6,
  specMax: 9,
  result: null,
  outOfSpec: null,
  status: '1',
  status_dictText: '待录入',
};

export const LEAD: AnalysisRecord = {
  ...base,
  id: 'a2',
  itemName: '铅',
  unit: 'mg/L',
  specMin: null,
  specMax: 0.01,
  result: '0.005',
  outOfSpec: false,
  enteredBy: 'sunqi-id',
  enteredByName: '孙七',
  enteredAt: '2026-11-27 10:00:00',
  resultRound: 1,
  version: 1,
  status: '2',
  status_dictText: '待复核',
};

const dict = (code: string): ApiAnswer | undefined =>
  code === 'lims_analysis_status'
    ? ok([
        { value: '1', text: '待录入', title: '待录入' },
        { value: '2', text: '待复核', title: '待复核' },
        { value: '3', text: '已复核', title: '已复核' },
      ])
    : undefined;

export function analysisServer(c: ApiCall): ApiAnswer | undefined {
  if (c.path.startsWith('/sys/dict/getDictItems/')) return dict(c.path.split('/').pop() ?? '');
  switch (c.path) {
    case '/lims/result/list':
      return ok({ records: [PH, LEAD], total: 2 });
    case '/lims/result/save': {
      const body = c.body as { id: string; result: string };
      const row = body.id === PH.id ? PH : LEAD;
      const outOfSpec = body.id === PH.id ? Number(body.result) > 9 || Number(body.result) < 6 : false;
      return ok(
        { ...row, result: body.result, outOfSpec, status: '2' },
        outOfSpec ? '保存成功！（超标）' : '保存成功！',
      );
    }
    case '/lims/analysis/list':
      return ok({ records: [PH, LEAD], total: 2 });
    case '/lims/analysis/analysts':
      return ok([
        { id: 'sunqi-id', username: 'sunqi', realname: '孙七' },
        { id: 'zhouba-id', username: 'zhouba', realname: '周八' },
      ]);
    case '/lims/analysis/assign':
      return ok(
        (c.body as { ids: string[] }).ids.length,
        `分配成功！共 ${(c.body as { ids: string[] }).ids.length} 条`,
      );
    case '/lims/verify/list':
      return ok({
        records: [
          { ...LEAD, canVerify: true },
          { ...LEAD, id: 'a3', itemName: '浊度', canVerify: false },
        ],
        total: 2,
      });
    case '/lims/verify/verify':
      return ok({ verified: true, verifiers: 1 }, '复核通过！');
    case '/lims/verify/reject':
      return ok(null, '已退回，检测员将收到通知！');
    default:
      return undefined;
  }
}
