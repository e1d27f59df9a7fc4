import type { ToolbarConfig } from './list-toolbar';

type Can = (code: string) => boolean;
const allowed = (can: Can, code?: string) => !code || can(code);

/**
 * Whether the toolbar gives this user something to do with selected rows: a batch action they hold
 * (批量操作 ▸ 删除 or a page's own item, 批量删除) or 导出 (which exports the selected rows). Without
 * one, the list shows no checkbox column.
 */
export function offersSelection(
  config: ToolbarConfig,
  can: Can,
  o: { batchDelete: boolean; exportable: boolean },
): boolean {
  const { batch } = config;
  const exp = config.export === false ? null : (config.export ?? {});
  if (exp && o.exportable && allowed(can, exp.code)) return true;
  if (!batch) return false;
  if ((batch.mode ?? 'dropdown') === 'button') return o.batchDelete && allowed(can, batch.code);
  const deleteItem = o.batchDelete && batch.delete !== false && allowed(can, batch.code);
  return deleteItem || (batch.items ?? []).some((i) => allowed(can, i.code));
}
