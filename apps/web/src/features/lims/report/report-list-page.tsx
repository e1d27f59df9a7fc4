import { useState } from 'react';
import { App, Button } from 'antd';
import { LIMS_MSG, PERM, REPORT_STATUS, type ReportRecord } from '@lims/contracts';
import { downloadFile } from '../../../shared/http/download-file';
import { ListPage } from '../../../shared/list-page/list-page';
import { reportError } from '../../../shared/list-page/report-error';
import { useListPage } from '../../../shared/list-page/use-list-page';
import { Can } from '../../../shared/permission/can';
import { usePrompt } from '../../../shared/ui/prompt-dialog/prompt-dialog';
import { REPORT_URL, useReportAction } from './api';
import { GenerateReportModal } from './generate-report-modal';
import { ReportDetailDrawer } from './report-detail-drawer';
import { reportColumns } from './report-columns';
import { reportListSource } from './report-list-source';

/** 检测报告 (menu component lims/ReportList): generate, approve, publish, amend, download, 历史记录. */
export default function ReportListPage() {
  const { message } = App.useApp();
  const [generating, setGenerating] = useState(false);
  const [detailOf, setDetailOf] = useState<{ id: string; tab: 'info' | 'history' } | null>(null);
  const { prompt, holder } = usePrompt();
  const action = useReportAction();
  const run = (a: Parameters<typeof action.mutate>[0]) =>
    action.mutate(a, {
      onSuccess: (text) => void message.success(text),
      onError: (err) => reportError(err, message),
    });
  const amend = async (r: ReportRecord) => {
    const reason = await prompt({
      title: `修订报告 ${r.reportNo}`,
      label: '修订原因',
      placeholder: '请填写修订原因（将记入历史记录并印在新版本上）',
      rules: [
        { required: true, whitespace: true, message: LIMS_MSG.reasonRequired },
        { max: 500, message: LIMS_MSG.reasonTooLong },
      ],
      okText: '生成新版本',
    });
    if (reason !== null) run({ kind: 'amend', body: { id: r.id, reason: reason.trim() } });
  };
  const download = (r: ReportRecord) =>
    void downloadFile(
      REPORT_URL.download,
      `检测报告-${r.reportNo}${r.status === REPORT_STATUS.void ? '-已作废' : ''}.pdf`,
      {
        id: r.id,
      },
    );

  const list = useListPage<ReportRecord>({
    ...reportListSource,
    deleteUrl: REPORT_URL.delete,
    columns: reportColumns,
    selectable: false,
    inlineActions: 3,
    rowActions: (r, kit) => [
      ...(r.status === REPORT_STATUS.draft
        ? [
            {
              key: 'approve',
              label: '审批',
              code: PERM.report.approve,
              confirm: `确定审批报告 ${r.reportNo} 吗？`,
              onClick: () => run({ kind: 'approve', body: { id: r.id, version: r.version } }),
            },
          ]
        : []),
      ...(r.status === REPORT_STATUS.approved
        ? [
            {
              key: 'publish',
              label: '发布',
              code: PERM.report.publish,
              confirm: `发布后项目将标记为已完成，并通知项目负责人。确定发布报告 ${r.reportNo} 吗？`,
              onClick: () => run({ kind: 'publish', body: { id: r.id, version: r.version } }),
            },
          ]
        : []),
      ...(r.status === REPORT_STATUS.published
        ? [{ key: 'amend', label: '修订', code: PERM.report.amend, onClick: () => void amend(r) }]
        : []),
      { key: 'download', label: '下载PDF', onClick: () => download(r) },
      { key: 'detail', label: '详情', onClick: () => setDetailOf({ id: r.id, tab: 'info' }) },
      { key: 'history', label: '历史记录', more: true, onClick: () => setDetailOf({ id: r.id, tab: 'history' }) },
      ...(r.status === REPORT_STATUS.draft
        ? [{ ...kit.deleteAction(r, { code: PERM.report.delete }), more: true }]
        : []),
    ],
  });

  return (
    <ListPage
      list={list}
      toolbar={{
        extra: (
          <Can code={PERM.report.generate}>
            <Button type="primary" onClick={() => setGenerating(true)}>
              生成报告
            </Button>
          </Can>
        ),
      }}
    >
      <GenerateReportModal open={generating} onClose={() => setGenerating(false)} />
      <ReportDetailDrawer id={detailOf?.id ?? null} tab={detailOf?.tab} onClose={() => setDetailOf(null)} />
      {holder}
    </ListPage>
  );
}
