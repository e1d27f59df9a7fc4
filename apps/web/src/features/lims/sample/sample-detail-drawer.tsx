import { Descriptions, Drawer, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { SampleRecord } from '@lims/contracts';
import { AuditHistory } from '../audit-history';
import { SAMPLE_URL, fetchSample, sampleKeys } from './sample-api';

/** A sample's details and its 历史记录 (who did what when, old → new, reasons). */
export function SampleDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data } = useQuery({
    queryKey: sampleKeys.detail(id ?? ''),
    queryFn: () => fetchSample(id!),
    enabled: id !== null,
  });
  const s: Partial<SampleRecord> = data ?? {};
  const items = [
    ['样品编号', s.sampleNo],
    ['样品名称', s.name],
    ['检测项目', s.projectNo ? `${s.projectNo} ${s.projectName ?? ''}` : ''],
    ['样品类型', s.sampleType_dictText],
    ['数量', s.quantity === null || s.quantity === undefined ? '' : `${s.quantity} ${s.unit ?? ''}`],
    ['状态', s.status_dictText],
    ['接收状态', s.condition_dictText],
    ['存放位置', s.storageLocation],
    ['接收人', s.receivedByName],
    ['接收时间', s.receivedAt],
    ['退回原因', s.returnReason],
    ['备注', s.remark],
    ['登记人', s.createBy],
    ['登记时间', s.createTime],
  ].map(([label, value]) => ({ key: label as string, label, children: value ?? '' }));
  return (
    <Drawer title={s.sampleNo ? `样品 ${s.sampleNo}` : '样品详情'} open={id !== null} onClose={onClose} size="large">
      {id && (
        <Tabs
          items={[
            {
              key: 'info',
              label: '基本信息',
              children: <Descriptions column={1} bordered size="small" items={items} />,
            },
            {
              key: 'history',
              label: '历史记录',
              children: <AuditHistory base={SAMPLE_URL.base} entity="sample" id={id} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
