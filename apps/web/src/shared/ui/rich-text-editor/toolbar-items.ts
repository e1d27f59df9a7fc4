/** The toolbar buttons the editor knows; '|' is a separator. Only listed features are offered. */
export type ToolbarItem =
  | 'undo'
  | 'redo'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'code'
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | 'codeBlock'
  | 'horizontalRule'
  | 'link'
  | 'image'
  | 'clear'
  | '|';

export const DEFAULT_TOOLBAR: ToolbarItem[] = [
  'undo',
  'redo',
  '|',
  'h1',
  'h2',
  'h3',
  '|',
  'bold',
  'italic',
  'underline',
  'strike',
  '|',
  'bulletList',
  'orderedList',
  'blockquote',
  'horizontalRule',
  '|',
  'link',
  'image',
  '|',
  'clear',
];

/** Button titles (also their accessible names). */
export const TOOLBAR_TITLES: Record<Exclude<ToolbarItem, '|'>, string> = {
  undo: '撤销',
  redo: '重做',
  h1: '一级标题',
  h2: '二级标题',
  h3: '三级标题',
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  strike: '删除线',
  code: '行内代码',
  bulletList: '无序列表',
  orderedList: '有序列表',
  blockquote: '引用',
  codeBlock: '代码块',
  horizontalRule: '分隔线',
  link: '链接',
  image: '插入图片',
  clear: '清除格式',
};

/** The toolbar without leading, trailing or doubled separators. */
export function tidyToolbar(items: ToolbarItem[]): ToolbarItem[] {
  const out: ToolbarItem[] = [];
  for (const item of items) {
    if (item === '|' && (out.length === 0 || out[out.length - 1] === '|')) continue;
    if (item !== '|' && out.includes(item)) continue;
    out.push(item);
  }
  while (out[out.length - 1] === '|') out.pop();
  return out;
}
