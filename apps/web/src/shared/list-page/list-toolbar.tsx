import type { ReactNode } from 'react';
import { Button, Dropdown } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Can } from '../permission/can';
import { useCanFn } from '../permission/use-can';
import { ExportButton, type ExportButtonProps } from './export-button';
import { ImportButton, type ImportButtonProps } from './import-button';
import { SuperQueryButton } from './super-query-button';
import type { SuperQueryController } from './use-super-query';
import styles from './list-page.module.css';

/** One entry of the 批量操作 dropdown. */
export type BatchItem = { key: string; label: ReactNode; code?: string; onClick: () => void };

export type ToolbarConfig = {
  /** 新增 (or the page's own text, e.g. 添加). */
  add?: { text?: string; code?: string; onClick: () => void };
  /** Permission of 导出 / 导入 (shown when the list has an export / import url); false hides them. */
  export?: { code?: string; text?: string } | false;
  import?: { code?: string; text?: string; templateName?: string } | false;
  /**
   * Batch operations: `dropdown` (批量操作, shown while rows are selected; 删除 when the list has a
   * unless `delete: false`) or `button` (an always-visible 批量删除 that asks to select rows first).
   */
  batch?: { code?: string; mode?: 'dropdown' | 'button'; items?: BatchItem[]; delete?: boolean } | false;
  /** false hides 高级查询. */
  superQuery?: false;
  /** Page-specific buttons, each wrapped in <Can> by the page. */
  extra?: ReactNode;
};

type Props = {
  config: ToolbarConfig;
  selectedCount: number;
  exportProps?: ExportButtonProps;
  importProps?: ImportButtonProps;
  onBatchDelete?: () => void;
  superQuery?: SuperQueryController;
};

const guard = (code: string | undefined, node: ReactNode) => (code ? <Can code={code}>{node}</Can> : node);

/** The toolbar above a list: 新增, 导出, 导入, page buttons, 批量操作 / 批量删除. */
export function ListToolbar({ config, selectedCount, exportProps, importProps, onBatchDelete, superQuery }: Props) {
  const can = useCanFn();
  const { add, batch } = config;
  const exp = config.export === false ? null : (config.export ?? {});
  const imp = config.import === false ? null : (config.import ?? {});
  const batchItems: BatchItem[] =
    batch === false || batch === undefined
      ? []
      : [
          ...(onBatchDelete && batch.delete !== false
            ? [{ key: 'delete', label: '删除', code: batch.code, onClick: onBatchDelete }]
            : []),
          ...(batch.items ?? []),
        ].filter((i) => !i.code || can(i.code));
  const batchMode = batch ? (batch.mode ?? 'dropdown') : null;

  return (
    <div className={styles.toolbar}>
      {add &&
        guard(
          add.code,
          <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick}>
            {add.text ?? '新增'}
          </Button>,
        )}
      {exp && exportProps && guard(exp.code, <ExportButton {...exportProps} text={exp.text} />)}
      {imp &&
        importProps &&
        guard(imp.code, <ImportButton {...importProps} text={imp.text} templateName={imp.templateName} />)}
      {superQuery && config.superQuery !== false && <SuperQueryButton controller={superQuery} />}
      {config.extra}
      {batchMode === 'button' &&
        onBatchDelete &&
        guard(
          batch ? batch.code : undefined,
          <Button icon={<DeleteOutlined />} onClick={onBatchDelete}>
            批量删除
          </Button>,
        )}
      {batchMode === 'dropdown' && selectedCount > 0 && batchItems.length > 0 && (
        <Dropdown
          menu={{
            items: batchItems.map((i) => ({
              key: i.key,
              label: i.label,
              icon: i.key === 'delete' ? <DeleteOutlined /> : undefined,
            })),
            onClick: ({ key }) => batchItems.find((i) => i.key === key)?.onClick(),
          }}
        >
          <Button>
            批量操作 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
