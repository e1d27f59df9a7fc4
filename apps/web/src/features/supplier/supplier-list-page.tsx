import { PERM, type SupplierRecord } from '@lims/contracts';
import { ListPage } from '../../shared/list-page/list-page';
import { loadById } from '../../shared/list-page/stale-edit';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage } from '../../shared/list-page/use-list-page';
import { SUPPLIER_URL } from './api';
import { supplierColumns } from './supplier-columns';
import { supplierListSource } from './supplier-list-source';
import { SupplierFormModal } from './supplier-form-modal';

/** 供应商管理 (menu component gysgl/SupplierList). */
export default function SupplierListPage() {
  const modal = useFormModal<SupplierRecord>({ load: loadById(SUPPLIER_URL.queryById) });
  const list = useListPage<SupplierRecord>({
    ...supplierListSource,
    deleteUrl: SUPPLIER_URL.delete,
    deleteBatchUrl: SUPPLIER_URL.deleteBatch,
    exportUrl: SUPPLIER_URL.exportXls,
    exportName: '供应商信息',
    importUrl: SUPPLIER_URL.importExcel,
    templateUrl: SUPPLIER_URL.importTemplate,
    columns: supplierColumns,
    rowNumber: false,
    inlineActions: 1,
    rowActions: (r, kit) => [
      { key: 'edit', label: '编辑', code: PERM.supplier.edit, onClick: () => modal.edit(r) },
      { key: 'detail', label: '详情', onClick: () => modal.detail(r) },
      { key: 'clone', label: '复制新增', code: PERM.supplier.add, onClick: () => modal.clone(r) },
      kit.deleteAction(r, { code: PERM.supplier.delete }),
    ],
  });

  return (
    <ListPage
      list={list}
      toolbar={{
        add: { text: '添加供应商', code: PERM.supplier.add, onClick: () => modal.add() },
        export: { code: PERM.supplier.export },
        import: { code: PERM.supplier.import, templateName: '供应商导入模板' },
        batch: { code: PERM.supplier.delete },
      }}
    >
      <SupplierFormModal modal={modal} />
    </ListPage>
  );
}
