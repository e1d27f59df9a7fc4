import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Table from 'antd/es/table';
import { ANTD_REDIRECTS, redirectAntdImport } from '../../../../build/antd-redirects';
import { renderUi } from '../test-support/render-ui';
import LazyRadio from './lazy-radio';
import LazyVirtualTable from './lazy-virtual-table';

const antdFile = (path: string) => createRequire(import.meta.url).resolve(`antd/es/${path}`);

/** Whether React rendered `node` inside an element of type `component` (the stand-in, not antd's own). */
function renderedInside(node: Element, component: unknown): boolean {
  const key = Object.keys(node).find((k) => k.startsWith('__reactFiber$'));
  type Fiber = { type: unknown; return: Fiber | null };
  for (let fiber = key ? (node as unknown as Record<string, Fiber>)[key] : null; fiber; fiber = fiber.return) {
    if (fiber.type === component) return true;
  }
  return false;
}

const rows = [{ id: '1', name: '钢筋检测' }, { id: '2', name: '混凝土检测' }];
const columns = [{ title: '名称', dataIndex: 'name' }];

describe('antd import redirects (build/antd-redirects.ts): the table parts loaded lazily, the form context', () => {
  it.each([
    ['table/hooks/useFilter/index.js', './FilterDropdown', 'table-filter/lazy-filter-dropdown.tsx'],
    ['table/hooks/useSelection.js', '../../radio', 'lazy-table-parts/lazy-radio.tsx'],
    ['table/InternalTable.js', './RcTable/VirtualTable', 'lazy-table-parts/lazy-virtual-table.tsx'],
  ])('antd\'s %s imports %s (default export), pointed at %s', (importer, source, target) => {
    const file = antdFile(importer);
    // Fails when an antd update moves the import: the redirect would stop applying silently.
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^import \\w+(, \\{[^}]*\\})? from '${source.replace(/\./g, '\\.')}';$`, 'm'));
    expect(redirectAntdImport(source, file)).toMatch(new RegExp(`shared/ui/${target}$`));
  });

  it('redirects nothing else', () => {
    expect(ANTD_REDIRECTS).toHaveLength(4);
    expect(redirectAntdImport('../../radio', antdFile('table/hooks/useFilter/FilterDropdown.js'))).toBeNull();
    expect(redirectAntdImport('./RcTable', antdFile('table/InternalTable.js'))).toBeNull();
    expect(redirectAntdImport('../../radio', undefined)).toBeNull();
  });

  it('antd\'s form context takes FormProvider from the file that defines it, not the form\'s index', () => {
    const file = antdFile('form/context.js');
    expect(readFileSync(file, 'utf8')).toMatch(/^import \{ FormProvider as RcFormProvider \} from '@rc-component\/form';$/m);
    const target = redirectAntdImport('@rc-component/form', file)!;
    expect(target).toMatch(/@rc-component[\\/]form[\\/]es[\\/]FormContext\.js$/);
    // The index hands out that file's FormProvider: the same function, so the same React context.
    const index = readFileSync(target.replace(/FormContext\.js$/, 'index.js'), 'utf8');
    expect(index).toMatch(/^import \{ FormProvider \} from "\.\/FormContext";$/m);
    expect(index).toMatch(/^export \{[^}]*\bFormProvider\b[^}]*\};$/m);
    expect(redirectAntdImport('@rc-component/form', antdFile('form/Form.js'))).toBeNull();
  });

  it('a radio selection table renders the stand-in, then antd\'s radios, which select a row', async () => {
    const onChange = vi.fn();
    renderUi(
      <Table rowKey="id" pagination={false} dataSource={rows} columns={columns}
        rowSelection={{ type: 'radio', onChange }} />,
    );
    await waitFor(() => expect(document.querySelectorAll('.ant-radio-input')).toHaveLength(2));
    const radios = [...document.querySelectorAll<HTMLInputElement>('.ant-radio-input')];
    expect(renderedInside(radios[1], LazyRadio)).toBe(true);
    expect(radios[1].getAttribute('aria-label')).toBe('Select row 2');
    await userEvent.click(radios[1]);
    expect(onChange).toHaveBeenCalledWith(['2'], [rows[1]], { type: 'single' });
    await waitFor(() => expect(radios[1].checked).toBe(true));
    expect(radios[0].checked).toBe(false);
  });

  it('a checkbox selection table renders antd\'s checkboxes at once (no stand-in)', () => {
    renderUi(<Table rowKey="id" pagination={false} dataSource={rows} columns={columns} rowSelection={{}} />);
    expect(document.querySelectorAll('.ant-table-tbody .ant-checkbox-input')).toHaveLength(2);
  });

  it('a virtual table renders the stand-in, then antd\'s virtual table with the rows', async () => {
    renderUi(<Table rowKey="id" virtual scroll={{ y: 400 }} pagination={false} dataSource={rows} columns={columns} />);
    await waitFor(() => expect(document.querySelector('.ant-table-tbody-virtual')).toBeTruthy());
    const holder = document.querySelector('.ant-table-tbody-virtual')!;
    expect(renderedInside(holder, LazyVirtualTable)).toBe(true);
  });

  it('a plain table renders without the virtual stand-in', () => {
    renderUi(<Table rowKey="id" pagination={false} dataSource={rows} columns={columns} />);
    const cell = [...document.querySelectorAll('.ant-table-cell')].find((c) => c.textContent === '钢筋检测')!;
    expect(renderedInside(cell, LazyVirtualTable)).toBe(false);
  });
});
