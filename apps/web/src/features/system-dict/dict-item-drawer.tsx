import { Drawer, Typography } from 'antd';
import { PERM } from '@lims/contracts';
import { DictSelect } from '../../shared/dict/dict-select';
import { dictOptionKeys } from '../../shared/dict/use-dict-options';
import { ListPage } from '../../shared/list-page/list-page';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage } from '../../shared/list-page/use-list-page';
import { DICT_URL, dictKeys, type DictItemRecord } from './api';
import { dictItemColumns, dictItemSearchFields } from './dict-columns';
import { DictItemFormModal } from './dict-item-form-modal';

/** The dictionary whose items the drawer shows. */
export type DictRef = { id: string; dictName: string; dictCode: string };

/** 字典配置: the drawer 字典列表 with the items of one dictionary. */
export function DictItemDrawer({ dict, onClose }: { dict: DictRef | null; onClose: () => void }) {
  return (
    <Drawer open={dict !== null} title="字典列表" size={820} onClose={onClose} destroyOnHidden>
      {dict && <DictItemList key={dict.id} dict={dict} />}
    </Drawer>
  );
}

function DictPreview({ dict }: { dict: DictRef }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
      <Typography.Text strong>{dict.dictName}</Typography.Text>
      <Typography.Text type="secondary" copyable={{ text: dict.dictCode, tooltips: ['复制编码', '已复制'] }}>
        {dict.dictCode}
      </Typography.Text>
      <span style={{ marginLeft: 'auto' }}>
        选项预览：
        <DictSelect dictCode={dict.dictCode} aria-label="选项预览" style={{ width: 200 }} />
      </span>
    </div>
  );
}

function DictItemList({ dict }: { dict: DictRef }) {
  const modal = useFormModal<DictItemRecord>();
  const list = useListPage<DictItemRecord>({
    keys: dictKeys.items(dict.id),
    url: DICT_URL.itemList,
    fixedParams: { dictId: dict.id },
    deleteUrl: DICT_URL.itemDelete,
    deleteBatchUrl: DICT_URL.itemDeleteBatch,
    syncUrl: false,
    defaultSort: { column: 'sortOrder', order: 'asc' },
    searchFields: dictItemSearchFields,
    columns: dictItemColumns,
    invalidateKeys: [dictOptionKeys.all],
    rowActions: (r, kit) => [
      { key: 'edit', label: '编辑', code: PERM.dict.edit, onClick: () => modal.edit(r) },
      kit.deleteAction(r, { code: PERM.dict.delete }),
    ],
  });
  return (
    <ListPage
      list={list}
      bare
      header={<DictPreview dict={dict} />}
      toolbar={{
        add: { code: PERM.dict.add, onClick: () => modal.add() },
        batch: { code: PERM.dict.delete, mode: 'button' },
      }}
    >
      <DictItemFormModal modal={modal} dictId={dict.id} nextSort={(list.data?.total ?? 0) + 1} />
    </ListPage>
  );
}
