import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { supplierListSource } from './supplier-list-source';
import { listPageData, prefetchPageData } from '../../shared/list-page/page-data';
import { mockApi, ok } from '../../shared/list-page/test-utils';
import { useListPage } from '../../shared/list-page/use-list-page';

const ROWS = [{ id: 's1', code: 'GYS-001', name: '华北试剂', createTime: '2026-01-01 08:00:00' }];
const URL_PATH =
  '/gysgl/supplier?pageSize=20&pageNo=2&name=%20试剂%20&status=1&qualificationExpiry_begin=2026-01-01&column=code&order=asc';

function SupplierRows() {
  const list = useListPage<(typeof ROWS)[number]>({
    ...supplierListSource,
    columns: [{ title: '供应商编码', dataIndex: 'code' }],
  });
  return <p>{list.data?.records.map((r) => r.code).join(',') ?? '…'}</p>;
}

describe('the supplier list source', () => {
  it("asks for exactly the page the list page then reads: one list call, the page's rows", async () => {
    const api = mockApi((c) => (c.path === '/gysgl/supplier/list' ? ok({ records: ROWS, total: 21 }) : undefined));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    const data = listPageData(supplierListSource);
    prefetchPageData(client, data, new URL(URL_PATH, 'http://localhost'));
    prefetchPageData(client, data, new URL(URL_PATH, 'http://localhost'));
    expect(api.calls.filter((c) => c.path === '/gysgl/supplier/list')).toHaveLength(1);
    expect(Object.fromEntries(api.calls[0].params)).toMatchObject({
      pageNo: '2',
      pageSize: '20',
      name: '*试剂*',
      status: '1',
      qualificationExpiry_begin: '2026-01-01',
      column: 'code',
      order: 'asc',
    });

    const router = createMemoryRouter([{ path: '*', element: <SupplierRows /> }], { initialEntries: [URL_PATH] });
    render(
      <QueryClientProvider client={client}>
        <App component={false}>
          <RouterProvider router={router} />
        </App>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('GYS-001')).toBeTruthy();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(api.calls.filter((c) => c.path === '/gysgl/supplier/list')).toHaveLength(1);
  });
});
