import { DATA_RULE_CONDITIONS, type DataRule, type DataRuleCondition, type PermissionListNode } from '@lims/contracts';
import { DictTag } from '../../shared/dict/dict-tag';
import type { ListColumn } from '../../shared/list-page/list-columns';
import type { SearchField } from '../../shared/list-page/search-fields';
import { MenuIcon } from '../../shared/ui/menu-icon';
import type { TagColor } from '../../shared/dict/dict-tag';

/** The menu page's columns and the data-rule list's fields and columns (pure data). */

/** 0 一级菜单, 1 子菜单, 2 按钮/权限 (the form's radio and the list's 菜单类型). */
export const MENU_TYPE_LABEL: Record<number, string> = { 0: '一级菜单', 1: '子菜单', 2: '按钮/权限' };

export const permissionColumns: ListColumn<PermissionListNode>[] = [
  { title: '菜单名称', dataIndex: 'name', width: 240 },
  {
    title: '菜单类型',
    dataIndex: 'menuType',
    width: 100,
    align: 'center',
    render: (v: number) => MENU_TYPE_LABEL[v] ?? v,
  },
  { title: '权限编码', dataIndex: 'perms', width: 180, ellipsis: { showTitle: true } },
  {
    title: '图标',
    dataIndex: 'icon',
    width: 70,
    align: 'center',
    render: (v: string | null) => <MenuIcon name={v ?? undefined} />,
  },
  { title: '组件', dataIndex: 'component', width: 220, ellipsis: { showTitle: true } },
  { title: '路径', dataIndex: 'url', width: 220, ellipsis: { showTitle: true } },
  { title: '排序', dataIndex: 'sortNo', width: 70, align: 'center' },
];

/** Rule conditions in words (the ancestor's dictionary rule_conditions), as the server defines them. */
const CONDITION_TEXT: Record<DataRuleCondition, string> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  LIKE: '模糊',
  IN: '包含',
};
export const conditionLabel = (c: string) =>
  c in CONDITION_TEXT ? `${CONDITION_TEXT[c as DataRuleCondition]}（${c}）` : c;
export const CONDITION_OPTIONS = DATA_RULE_CONDITIONS.map((c) => ({ value: c, label: conditionLabel(c) }));

/** Rule status: the seeded dictionary valid_status (1 有效, 0 无效). */
export const VALID_STATUS_DICT = 'valid_status';
const STATUS_COLORS: Record<string, TagColor> = { 1: 'green', 0: 'default' };

export const dataRuleSearchFields: SearchField[] = [
  { name: 'ruleName', label: '规则名称', match: 'eq' },
  { name: 'ruleColumn', label: '规则字段', match: 'eq' },
];

export const dataRuleColumns: ListColumn<DataRule>[] = [
  { title: '规则名称', dataIndex: 'ruleName', width: 150 },
  { title: '规则字段', dataIndex: 'ruleColumn', width: 120 },
  { title: '条件', dataIndex: 'ruleConditions', width: 110, align: 'center', render: (v: string) => conditionLabel(v) },
  { title: '规则值', dataIndex: 'ruleValue', ellipsis: { showTitle: true } },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    align: 'center',
    render: (v: string) => <DictTag dictCode={VALID_STATUS_DICT} value={v} colors={STATUS_COLORS} />,
  },
];
