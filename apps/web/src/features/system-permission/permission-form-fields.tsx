import { Form, Input, InputNumber, Radio, Switch, TreeSelect } from 'antd';
import { PERMISSION_CODE_PATTERN, PERMISSION_MSG } from '@lims/contracts';
import { DictSelect } from '../../shared/dict/dict-select';
import { MenuIconPicker } from './menu-icon-picker';
import type { ParentOption } from './menu-tree-options';
import { MENU_TYPE_LABEL } from './permission-columns';

const TYPE_OPTIONS = [0, 1, 2].map((v) => ({ value: v, label: MENU_TYPE_LABEL[v] }));

/** 授权标识: comma list of codes, each letters, digits and : _ -. */
async function checkPerms(_rule: unknown, value: unknown) {
  const codes = (typeof value === 'string' ? value : '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (codes.some((c) => !PERMISSION_CODE_PATTERN.test(c))) throw new Error(PERMISSION_MSG.permsFormat);
}

/** 排序: a whole number, 0 or more. */
async function checkSort(_rule: unknown, value: unknown) {
  if (value === undefined || value === null || value === '') return;
  if (!Number.isInteger(Number(value)) || Number(value) < 0) throw new Error(PERMISSION_MSG.sortNo);
}

function FlagSwitch({
  name,
  label,
  on = '是',
  off = '否',
}: {
  name: string;
  label: string;
  on?: string;
  off?: string;
}) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch checkedChildren={on} unCheckedChildren={off} />
    </Form.Item>
  );
}

/**
 * The fields of the menu drawer, shown by 菜单类型 as the ancestor did: menus (0, 1) have path,
 * component, icon and the route switches (默认跳转地址 only on 一级菜单); buttons (2) have 授权策略
 * and 状态. 授权标识 and 排序 apply to all (a menu carries its page's list code).
 */
export function PermissionFormFields({ initialType, parents }: { initialType: number; parents: ParentOption[] }) {
  const menuType = (Form.useWatch('menuType') as number | undefined) ?? initialType;
  const isMenu = menuType !== 2;
  return (
    <>
      <Form.Item
        name="menuType"
        label="菜单类型"
        rules={[{ required: true, message: PERMISSION_MSG.menuTypeRequired }]}
      >
        <Radio.Group options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="name"
        label={isMenu ? '菜单名称' : '按钮/权限'}
        rules={[{ required: true, whitespace: true, message: PERMISSION_MSG.titleRequired }]}
      >
        <Input placeholder={isMenu ? '请输入菜单名称' : '请输入按钮/权限名称'} maxLength={100} />
      </Form.Item>
      {menuType !== 0 && (
        <Form.Item
          name="parentId"
          label="上级菜单"
          rules={[{ required: true, message: PERMISSION_MSG.parentRequired }]}
        >
          <TreeSelect
            treeData={parents}
            placeholder="请选择上级菜单"
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            allowClear
            styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
          />
        </Form.Item>
      )}
      {isMenu && (
        <>
          <Form.Item
            name="url"
            label="菜单路径"
            rules={[{ required: true, whitespace: true, message: PERMISSION_MSG.urlRequired }]}
          >
            <Input placeholder="请输入菜单路径" maxLength={255} />
          </Form.Item>
          <Form.Item
            name="component"
            label="前端组件"
            extra="一级菜单一般为 layouts/RouteView"
            rules={[{ required: true, whitespace: true, message: PERMISSION_MSG.componentRequired }]}
          >
            <Input placeholder="请输入前端组件" maxLength={255} />
          </Form.Item>
        </>
      )}
      {menuType === 0 && (
        <Form.Item name="redirect" label="默认跳转地址">
          <Input placeholder="请输入路由参数 redirect" maxLength={255} />
        </Form.Item>
      )}
      <Form.Item
        name="perms"
        label="授权标识"
        extra="多个用逗号分隔, 如: user:list,user:create"
        rules={[{ validator: checkPerms }]}
      >
        <Input placeholder="请输入授权标识, 如: user:list" maxLength={1000} />
      </Form.Item>
      {!isMenu && (
        <>
          <Form.Item
            name="permsType"
            label="授权策略"
            rules={[{ required: true, message: PERMISSION_MSG.permsTypeRequired }]}
          >
            <DictSelect type="radio" dictCode="global_perms_type" />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <DictSelect type="radio" dictCode="valid_status" />
          </Form.Item>
        </>
      )}
      {isMenu && (
        <Form.Item name="icon" label="菜单图标">
          <MenuIconPicker />
        </Form.Item>
      )}
      <Form.Item name="sortNo" label="排序" rules={[{ validator: checkSort }]}>
        <InputNumber placeholder="请输入菜单排序" style={{ width: '100%' }} />
      </Form.Item>
      {isMenu && (
        <>
          <FlagSwitch name="isRoute" label="是否路由菜单" />
          <FlagSwitch name="hidden" label="隐藏路由" />
          <FlagSwitch name="keepAlive" label="是否缓存路由" />
          <FlagSwitch name="alwaysShow" label="聚合路由" />
          <FlagSwitch name="internalOrExternal" label="打开方式" on="外部" off="内部" />
        </>
      )}
    </>
  );
}
