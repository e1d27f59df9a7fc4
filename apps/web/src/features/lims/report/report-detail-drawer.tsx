import { Drawer, Table, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LIMS_DICT, type ReportSample } from '@lims/contracts';
import { DictTag } from '../../../shared/dict/dict-tag';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import { AuditHistory } from '../audit-history';
import { REPORT_URL, reportDetailQuery } from './api';
import { REPORT_STATUS_COLORS } from './report-columns';

type Props = { id: string | null; tab?: 'info' | 'history'; onClose: () => void };

const sampleColumns: TableColumnsType<ReportSample> = [
  { title: '样品编号', dataIndex: 'sampleNo', width: 160 },
  { title: '样品名称', dataIndex: 'name' },
  { title: '接收状态', dataIndex: 'condition_dictText', width: 90, align: 'center' },
  { title: '检测项数', dataIndex: 'analysisCount', width: 90, align: 'right' },
  {
    title: '超标',
    dataIndex: 'outOfSpecCount',
    width: 80,
    align: 'center',
    render: (n: number) => (n > 0 ? <Tag color="error">{n} 项</Tag> : '—'),
  },
];

/** A report's details (项目, 样品, 审批/发布) and its 历史记录. */
export function ReportDetailDrawer({ id, tab = 'info', onClose }: Props) {
  const detail = useQuery({ ...reportDetailQuery(id ?? ''), enabled: Boolean(id) });
  const r = detail.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      title={r ? `检测报告 ${r.reportNo}` : '检测报告'}
      size="large"
      destroyOnHidden
      loading={detail.isLoading}
    >
      {r && (
        <Tabs
          defaultActiveKey={tab}
          items={[
            {
              key: 'info',
              label: '报告信息',
              children: (
                <>
                  <DetailList
                    column={2}
                    bordered
                    items={[
                      { label: '报告编号', content: r.reportNo },
                      { label: '版本', content: `第 ${r.versionNo} 版` },
                      {
                        label: '状态',
                        content: (
                          <DictTag dictCode={LIMS_DICT.reportStatus} value={r.status} colors={REPORT_STATUS_COLORS} />
                        ),
                      },
                      { label: '替代报告', content: r.previousNo ?? '—' },
                      { label: '项目', content: `${r.projectNo ?? ''} ${r.projectName ?? ''}`, span: 2 },
                      { label: '委托单位', content: r.customerUnitName ?? '—', span: 2 },
                      { label: '编制人', content: `${r.createByName ?? ''} ${r.createTime ?? ''}` },
                      { label: '审批人', content: r.approvedByName ? `${r.approvedByName} ${r.approvedAt}` : '—' },
                      { label: '签发人', content: r.publishedByName ? `${r.publishedByName} ${r.publishedAt}` : '—' },
                      { label: '修订原因', content: r.amendReason ?? '—' },
                      { label: '备注', content: r.remark ?? '—', span: 2 },
                    ]}
                  />
                  <Table<ReportSample>
                    style={{ marginTop: 16 }}
                    rowKey="id"
                    size="small"
                    columns={sampleColumns}
                    dataSource={r.samples}
                    pagination={false}
                    scroll={{ x: 560 }}
                  />
                </>
              ),
            },
            {
              key: 'history',
              label: '历史记录',
              children: <AuditHistory base={REPORT_URL.base} entity="report" id={r.id} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
