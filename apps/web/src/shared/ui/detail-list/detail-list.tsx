import type { ReactNode } from 'react';
import { Descriptions } from 'antd';

/** SPEC section 9: a detail list has 1 to 4 columns, 3 by default. */
export const DETAIL_LIST_COLUMNS = 3;
export const DETAIL_LIST_MAX_COLUMNS = 4;

export type DetailListItem = {
  label: ReactNode;
  content: ReactNode;
  /** Columns this item spans (default 1). */
  span?: number;
  key?: string;
};

export type DetailListProps = {
  title?: ReactNode;
  /** 1–4 (default 3); values outside are clamped. */
  column?: number;
  items: DetailListItem[];
  /** 'vertical' puts each label above its content. */
  layout?: 'horizontal' | 'vertical';
  bordered?: boolean;
};

export function clampColumns(column: number | undefined): number {
  if (column === undefined || !Number.isFinite(column)) return DETAIL_LIST_COLUMNS;
  return Math.min(DETAIL_LIST_MAX_COLUMNS, Math.max(1, Math.round(column)));
}

/** Description list (SPEC section 2, detail-list layout): a title and label/content pairs in 1–4 columns. */
export function DetailList({ title, column, items, layout = 'horizontal', bordered = false }: DetailListProps) {
  const columns = clampColumns(column);
  return (
    <Descriptions
      title={title}
      column={columns}
      layout={layout}
      bordered={bordered}
      items={items.map((item, i) => ({
        key: item.key ?? String(i),
        label: item.label,
        children: item.content ?? '-',
        span: item.span ? Math.min(item.span, columns) : undefined,
      }))}
    />
  );
}
