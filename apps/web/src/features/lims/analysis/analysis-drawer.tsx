import { Descriptions, Drawer, Tabs } from 'antd';
import type { AnalysisRecord } from '@lims/contracts';
import { AuditHistory } from '../audit-history';
import { ANALYSIS_URL } from './api';
import { AnalysisStatus, SpecFlag, limitsOf } from './analysis-columns';

/** One analysis: its fields, and its 历史记录 (every change with who, when and why). */
export function AnalysisDrawer({ record, onClose }: { record: AnalysisRecord | null; onClose: () => void }) {
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={record ? `${record.sampleNo ?? ''} ${record.itemName}` : ''}
      size="large"
      destroyOnHidden
    >
      {record && (
        <Tabs
          items={[
            {
              key: 'detail',
              label: '详情',
              children: (
                <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
                  <Descriptions.Item label="样品编号">{record.sampleNo}</Descriptions.Item>
                  <Descriptions.Item label="样品名称">{record.sampleName}</Descriptions.Item>
                  <Descriptions.Item label="项目">{`${record.projectNo ?? ''} ${record.projectName ?? ''}`}</Descriptions.Item>
                  <Descriptions.Item label="检测项目">{record.itemName}</Descriptions.Item>
                  <Descriptions.Item label="检测标准/方法">{record.standard}</Descriptions.Item>
                  <Descriptions.Item label="限值">{`${limitsOf(record)} ${record.unit ?? ''}`}</Descriptions.Item>
                  <Descriptions.Item label="结果">
                    {record.result} <SpecFlag outOfSpec={record.outOfSpec} />
                  </Descriptions.Item>
                  <Descriptions.Item label="状态">
                    <AnalysisStatus record={record} />
                  </Descriptions.Item>
                  <Descriptions.Item label="检测员">{record.analystName}</Descriptions.Item>
                  <Descriptions.Item label="计划完成日期">{record.dueDate}</Descriptions.Item>
                  <Descriptions.Item label="录入">{`${record.enteredByName ?? ''} ${record.enteredAt ?? ''}`}</Descriptions.Item>
                  <Descriptions.Item label="复核人">{(record.verifierNames ?? []).join('、')}</Descriptions.Item>
                </Descriptions>
              ),
            },
            {
              key: 'history',
              label: '历史记录',
              children: <AuditHistory base={ANALYSIS_URL.history} entity="analysis" id={record.id} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
