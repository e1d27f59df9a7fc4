import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PERM, type CustomerUnitRecord } from '@lims/contracts';
import { ListPage } from '../../shared/list-page/list-page';
import { reportError } from '../../shared/list-page/report-error';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage } from '../../shared/list-page/use-list-page';
import { UNIT_URL, fetchUnitForForm, unitKeys, type UnitFormRecord } from './api';
import { unitColumns } from './unit-columns';
import { unitListSource } from './unit-list-source';
import { UnitContactsPanel } from './unit-contacts-panel';
import { UnitFormModal } from './unit-form-modal';

/** 客户单位 (menu component khgl/UnitList): units with their contacts. */
export default function UnitListPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const modal = useFormModal<UnitFormRecord>({ load: (r) => fetchUnitForForm(String(r.id)) });
  /** The form shows the unit as stored now, with its contacts (GET queryKhUnit). */
  const openWith = (open: (record: UnitFormRecord) => void, r: CustomerUnitRecord) => {
    const id = String(r.id);
    queryClient
      .fetchQuery({ queryKey: unitKeys.detail(id), queryFn: ({ signal }) => fetchUnitForForm(id, signal) })
      .then(open, (err: unknown) => reportError(err, message));
  };
  const list = useListPage<CustomerUnitRecord>({
    ...unitListSource,
    deleteUrl: UNIT_URL.delete,
    deleteBatchUrl: UNIT_URL.deleteBatch,
    exportUrl: UNIT_URL.exportXls,
    exportName: '客户单位',
    importUrl: UNIT_URL.importExcel,
    templateUrl: UNIT_URL.importTemplate,
    columns: unitColumns,
    rowNumber: false,
    inlineActions: 1,
    rowActions: (r, kit) => [
      { key: 'edit', label: '编辑', code: PERM.unit.edit, onClick: () => openWith(modal.edit, r) },
      { key: 'detail', label: '详情', onClick: () => openWith(modal.detail, r) },
      { key: 'clone', label: '复制新增', code: PERM.unit.add, onClick: () => openWith(modal.clone, r) },
      kit.deleteAction(r, { code: PERM.unit.delete }),
    ],
  });
  const expandable = {
    columnWidth: 40,
    expandedRowRender: (r: CustomerUnitRecord) => <UnitContactsPanel unitId={String(r.id)} />,
  };

  return (
    <ListPage
      list={{ ...list, tableProps: { ...list.tableProps, expandable } }}
      toolbar={{
        add: { text: '添加单位', code: PERM.unit.add, onClick: () => modal.add() },
        export: { code: PERM.unit.export },
        import: { code: PERM.unit.import, templateName: '客户单位导入模板' },
        batch: { code: PERM.unit.delete },
      }}
    >
      <UnitFormModal modal={modal} />
    </ListPage>
  );
}
