import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Table from 'antd/es/table';
import { flattenKeys as tableFlattenKeys } from 'antd/es/table/hooks/useFilter';
import { renderUi } from '../test-support/render-ui';
import { flattenKeys } from './lazy-filter-dropdown';

const trigger = () => document.querySelector('.ant-table-filter-trigger');

describe('antd Table with the lazy column filter (build/antd-redirects.ts)', () => {
  it('antd\'s filter hook imports the lazy stand-in instead of its dropdown', () => {
    // useFilter re-exports flattenKeys from the module it takes its dropdown from.
    expect(tableFlattenKeys).toBe(flattenKeys);
  });

  it('shows the column title, then the filter trigger; the dropdown works', async () => {
    renderUi(
      <Table
        rowKey="id"
        pagination={false}
        dataSource={[{ id: '1', name: '钢筋检测' }]}
        columns={[{
          title: '名称',
          dataIndex: 'name',
          filterDropdown: () => <div>自定义筛选</div>,
        }]}
      />,
    );
    expect(screen.getByText('名称')).toBeTruthy();
    await waitFor(() => expect(trigger()).toBeTruthy());
    await userEvent.click(trigger()!);
    expect(await screen.findByText('自定义筛选')).toBeTruthy();
  });

  it('flattens filter values depth first, as antd does', () => {
    expect(flattenKeys([{ text: 'a', value: 'a', children: [{ text: 'b', value: 'b' }] }, { text: 'c', value: 'c' }])).toEqual(['a', 'b', 'c']);
    expect(flattenKeys(undefined)).toEqual([]);
  });
});
