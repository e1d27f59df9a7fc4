import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import '../test-support/jsdom-stubs';
import { selectionLabels } from './selection-labels';

type Row = { id: string; name: string };
const ROWS: Row[] = [
  { id: 'a', name: '甲' },
  { id: 'b', name: '乙' },
];

describe('selectionLabels', () => {
  it('names the select-all box and each row box in Chinese (no English left)', () => {
    const { container } = render(
      <Table<Row>
        rowKey="id"
        columns={[{ title: '名称', dataIndex: 'name' }]}
        dataSource={ROWS}
        rowSelection={{ selectedRowKeys: ['b'], ...selectionLabels(ROWS) }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: '全选当页' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '选择第 1 行' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '选择第 2 行' }).checked).toBe(true);
    const labels = [...container.querySelectorAll('input[aria-label]')].map((el) => el.getAttribute('aria-label'));
    expect(labels.filter((l) => /[A-Za-z]/.test(l ?? ''))).toEqual([]);
  });
});
