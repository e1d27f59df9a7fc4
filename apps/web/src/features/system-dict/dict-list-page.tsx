import { useState } from 'react';
import { Button, App } from 'antd';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import { PERM, type Dict } from '@lims/contracts';
import { dictOptionKeys } from '../../shared/dict/use-dict-options';
import { Can } from '../../shared/permission/can';
import { ListPage } from '../../shared/list-page/list-page';
import { reportError } from '../../shared/list-page/report-error';
import { loadById } from '../../shared/list-page/stale-edit';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage } from '../../shared/list-page/use-list-page';
import { DICT_URL, useRefreshDictCache } from './api';
import { dictColumns } from './dict-columns';
import { dictListSource } from './dict-list-source';
import type { DictRef } from './dict-item-drawer';
import { DictFormModal } from './dict-form-modal';
import { DictItemDrawer } from './dict-item-drawer';

/** 数据字典 (menu component system/DictList). */
export default function DictListPage() {
  const { message } = App.useApp();
  const modal = useFormModal<Dict>({ load: loadById(DICT_URL.queryById) });
  const [configuring, setConfiguring] = useState<DictRef | null>(null);
  const refresh = useRefreshDictCache();
  const list = useListPage<Dict>({
    ...dictListSource,
    deleteUrl: DICT_URL.delete,
    deleteBatchUrl: DICT_URL.deleteBatch,
    exportUrl: DICT_URL.exportXls,
    exportName: '字典信息',
    importUrl: DICT_URL.importExcel,
    templateUrl: DICT_URL.importTemplate,
    columns: dictColumns,
    invalidateKeys: [dictOptionKeys.all],
    rowActions: (r, kit) => [
      { key: 'edit', label: '编辑', code: PERM.dict.edit, onClick: () => modal.edit(r) },
      {
        key: 'items',
        label: '字典配置',
        onClick: () => setConfiguring({ id: r.id, dictName: r.dictName, dictCode: r.dictCode }),
      },
      kit.deleteAction(r, { code: PERM.dict.delete }),
    ],
  });

  const refreshCache = () => {
    refresh.mutateAsync().then(
      (text) => message.success(text),
      (err: unknown) => reportError(err, message),
    );
  };

  return (
    <ListPage
      list={list}
      toolbar={{
        add: { text: '添加', code: PERM.dict.add, onClick: () => modal.add() },
        export: { code: PERM.dict.export },
        import: { code: PERM.dict.import, templateName: '字典导入模板' },
        batch: { code: PERM.dict.delete },
        extra: (
          <Can code={PERM.dict.refresh}>
            <Button icon={<SyncOutlined />} loading={refresh.isPending} onClick={refreshCache}>
              刷新缓存
            </Button>
          </Can>
        ),
      }}
    >
      <DictFormModal modal={modal} />
      <DictItemDrawer dict={configuring} onClose={() => setConfiguring(null)} />
    </ListPage>
  );
}
