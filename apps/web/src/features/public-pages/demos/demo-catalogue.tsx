import type { ComponentType } from 'react';
import { DetailListDemo } from './detail-list-demo';
import { DictDemo } from './dict-demo';
import { DownloadDemo } from './download-demo';
import { EditableTableDemo } from './editable-table-demo';
import { EllipsisDemo } from './ellipsis-demo';
import { FormContainerDemo } from './form-container-demo';
import { PromptDialogDemo } from './prompt-dialog-demo';
import { RichTextDemo } from './rich-text-demo';
import { TablePickerDemo } from './table-picker-demo';
import { UploadDemo } from './upload-demo';

export type DemoGroup = 'display' | 'select' | 'form' | 'file';

export const DEMO_GROUPS: Array<{ key: 'all' | DemoGroup; tab: string }> = [
  { key: 'all', tab: '全部组件' },
  { key: 'display', tab: '数据展示' },
  { key: 'select', tab: '数据选择' },
  { key: 'form', tab: '表单录入' },
  { key: 'file', tab: '文件' },
];

type Demo = { key: string; group: DemoGroup; keywords: string; Component: ComponentType; wide?: boolean };

/** Every reusable component of SPEC section 2 with its demo (the page header is the page's own top). */
export const DEMOS: Demo[] = [
  { key: 'ellipsis', group: 'display', keywords: '文本省略 Ellipsis 提示', Component: EllipsisDemo },
  { key: 'table-picker', group: 'select', keywords: '表格选择 TablePicker 弹出 搜索', Component: TablePickerDemo },
  { key: 'dict', group: 'select', keywords: '字典 下拉 多选 复选 标签 DictSelect', Component: DictDemo },
  { key: 'form-container', group: 'form', keywords: '表单容器 FormContainer 禁用 详情', Component: FormContainerDemo },
  { key: 'detail-list', group: 'display', keywords: '详情列表 DetailList 描述', Component: DetailListDemo, wide: true },
  {
    key: 'editable-table',
    group: 'form',
    keywords: '可编辑表格 EditableTable 行编辑',
    Component: EditableTableDemo,
    wide: true,
  },
  {
    key: 'rich-text',
    group: 'form',
    keywords: '富文本编辑器 RichTextEditor 图片',
    Component: RichTextDemo,
    wide: true,
  },
  { key: 'prompt-dialog', group: 'form', keywords: '输入对话框 PromptDialog 校验', Component: PromptDialogDemo },
  { key: 'download', group: 'file', keywords: '文件下载 downloadFile openDownload', Component: DownloadDemo },
  { key: 'upload', group: 'file', keywords: '文件上传 UploadField 类型', Component: UploadDemo, wide: true },
];

/** The demos of a tab whose keywords contain the search term (case-insensitive; blank: all). */
export function visibleDemos(group: string, term: string): Demo[] {
  const t = term.trim().toLowerCase();
  return DEMOS.filter((d) => (group === 'all' || d.group === group) && (!t || d.keywords.toLowerCase().includes(t)));
}
