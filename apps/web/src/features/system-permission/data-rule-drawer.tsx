import { Drawer, Typography } from 'antd';
import { PERM, type DataRule, type PermissionListNode } from '@lims/contracts';
import { ListPage } from '../../shared/list-page/list-page';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage } from '../../shared/list-page/use-list-page';
import { PERMISSION_URL, fetchDataRules, permissionKeys } from './api';
import { DataRuleFormModal } from './data-rule-form-modal';
import { dataRuleColumns, dataRuleSearchFields } from './permission-columns';

type MenuRef = Pick<PermissionListNode, 'id' | 'name'>;

/** 数据规则: the data rules of one menu (applied to its list for the roles given them in 授权). */
export function DataRuleDrawer({ menu, onClose }: { menu: MenuRef | null; onClose: () => void }) {
  return (
    <Drawer open={menu !== null} title="数据规则" size={820} onClose={onClose} destroyOnHidden>
      {menu && <DataRuleList key={menu.id} menu={menu} />}
    </Drawer>
  );
}

function DataRuleList({ menu }: { menu: MenuRef }) {
  const modal = useFormModal<DataRule>();
  const list = useListPage<DataRule>({
    keys: permissionKeys.rules(menu.id),
    fetcher: (params, signal) => fetchDataRules(menu.id, params, signal),
    deleteUrl: PERMISSION_URL.ruleDelete,
    syncUrl: false,
    defaultSort: null,
    selectable: false,
    searchFields: dataRuleSearchFields,
    columns: dataRuleColumns,
    invalidateKeys: [permissionKeys.all],
    rowActions: (r, kit) => [
      { key: 'edit', label: '编辑', code: PERM.menu.rule, onClick: () => modal.edit(r) },
      kit.deleteAction(r, { code: PERM.menu.rule }),
    ],
  });
  return (
    <ListPage
      list={list}
      bare
      header={
        <Typography.Paragraph>
          菜单：<Typography.Text strong>{menu.name}</Typography.Text>
        </Typography.Paragraph>
      }
      toolbar={{ add: { code: PERM.menu.rule, onClick: () => modal.add() } }}
    >
      <DataRuleFormModal modal={modal} permissionId={menu.id} />
    </ListPage>
  );
}
