import { useState } from 'react';
import { App, Button } from 'antd';
import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { PERM, SAMPLE_STATUS, type SampleRecord } from '@lims/contracts';
import { fetchFile } from '../../../shared/http/download-file';
import { ListPage } from '../../../shared/list-page/list-page';
import { reportError } from '../../../shared/list-page/report-error';
import { useListPage } from '../../../shared/list-page/use-list-page';
import { Can } from '../../../shared/permission/can';
import { SampleActionModal, type ActionTarget } from './sample-action-modals';
import { SAMPLE_URL } from './sample-api';
import { SAMPLE_ACTIONS_WIDTH, sampleColumns } from './sample-columns';
import { sampleListSource } from './sample-list-source';
import { SampleDetailDrawer } from './sample-detail-drawer';
import { SampleEditModal } from './sample-edit-modal';
import { SampleRegisterModal } from './sample-register-modal';

const pick = (rows: SampleRecord[]) => ({
  ids: rows.map((r) => String(r.id)),
  sampleNos: rows.map((r) => r.sampleNo ?? ''),
});

/** Opens the label PDF of `ids` in a new tab (the browser's viewer prints it). */
async function openLabels(ids: string[]) {
  const { blob } = await fetchFile(SAMPLE_URL.labels, { ids: ids.join(',') });
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 样品管理 (menu component lims/SampleList). */
export default function SampleListPage() {
  const { message } = App.useApp();
  const [registering, setRegistering] = useState(false);
  const [action, setAction] = useState<ActionTarget>(null);
  const [editing, setEditing] = useState<SampleRecord | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const labels = (ids: string[]) => void openLabels(ids).catch((err: unknown) => reportError(err, message));

  const list = useListPage<SampleRecord>({
    ...sampleListSource,
    deleteUrl: SAMPLE_URL.delete,
    deleteBatchUrl: SAMPLE_URL.deleteBatch,
    exportUrl: SAMPLE_URL.exportXls,
    exportName: '样品',
    columns: sampleColumns,
    inlineActions: 2,
    actionsWidth: SAMPLE_ACTIONS_WIDTH,
    rowActions: (r, kit) => [
      { key: 'detail', label: '详情', onClick: () => setDetailId(String(r.id)) },
      ...(r.status === SAMPLE_STATUS.pending
        ? [
            {
              key: 'receive',
              label: '接收',
              code: PERM.sample.receive,
              onClick: () => setAction({ kind: 'receive', ...pick([r]) }),
            },
          ]
        : []),
      { key: 'label', label: '打印标签', code: PERM.sample.label, onClick: () => labels([String(r.id)]) },
      { key: 'edit', label: '编辑', code: PERM.sample.edit, onClick: () => setEditing(r) },
      ...(r.status === SAMPLE_STATUS.pending || r.status === SAMPLE_STATUS.received
        ? [
            {
              key: 'return',
              label: '退回',
              code: PERM.sample.return,
              onClick: () => setAction({ kind: 'return', ...pick([r]) }),
            },
          ]
        : []),
      ...(r.status === SAMPLE_STATUS.pending ? [kit.deleteAction(r, { code: PERM.sample.delete })] : []),
    ],
  });
  const selected = list.selection.rows;
  const needSelection = (run: () => void) => () => {
    if (selected.length === 0) void message.warning('请先选择样品！');
    else run();
  };

  return (
    <ListPage
      list={list}
      toolbar={{
        add: { text: '登记样品', code: PERM.sample.add, onClick: () => setRegistering(true) },
        export: { code: PERM.sample.export },
        import: false,
        batch: {
          code: PERM.sample.delete,
          items: [
            {
              key: 'receive',
              label: '接收',
              code: PERM.sample.receive,
              onClick: needSelection(() => setAction({ kind: 'receive', ...pick(selected) })),
            },
            {
              key: 'return',
              label: '退回',
              code: PERM.sample.return,
              onClick: needSelection(() => setAction({ kind: 'return', ...pick(selected) })),
            },
          ],
        },
        extra: (
          <Can code={PERM.sample.label}>
            <Button icon={<PrinterOutlined />} onClick={needSelection(() => labels(pick(selected).ids))}>
              打印标签
            </Button>
          </Can>
        ),
      }}
    >
      <SampleRegisterModal open={registering} onClose={() => setRegistering(false)} />
      <SampleActionModal
        target={action}
        onClose={() => {
          setAction(null);
          list.selection.clear();
        }}
      />
      <SampleEditModal sample={editing} onClose={() => setEditing(null)} />
      <SampleDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </ListPage>
  );
}
