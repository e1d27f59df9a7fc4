import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { storage } from '../storage/storage';
import { ACCESS_TOKEN } from '../storage/storage-keys';
import { ExportButton } from './export-button';
import { ImportButton } from './import-button';
import { fail, mockApi, ok, renderPage } from './test-utils';

let saved: { name: string; size: number }[] = [];

beforeEach(() => {
  saved = [];
  storage.set(ACCESS_TOKEN, 'tok-1');
  let lastBlob: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        lastBlob = b;
        return 'blob:test';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push({ name: this.download, size: lastBlob?.size ?? -1 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExportButton', { timeout: 30_000 }, () => {
  it('sends paramsStr and selections with the token and saves <name>.xlsx', async () => {
    const api = mockApi(() => ({
      body: new Blob(['PK-xlsx-bytes'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    }));
    renderPage(
      <ExportButton
        url="/sys/dict/exportXls"
        fileName="字典信息"
        params={{ dictName: '*性*', column: 'createTime', order: 'desc' }}
        selections={['a', 'b']}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    fireEvent.click(await screen.findByText('导出选中 2 条'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ name: '字典信息.xlsx', size: 13 });
    const call = api.calls[0];
    expect(call.path).toBe('/sys/dict/exportXls');
    expect(JSON.parse(decodeURIComponent(call.params.get('paramsStr')!))).toEqual({
      dictName: '*性*',
      column: 'createTime',
      order: 'desc',
    });
    expect(call.params.get('selections')).toBe('a,b');
    const init = api.fetchMock.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>)['X-Access-Token']).toBe('tok-1');

    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    fireEvent.click(await screen.findByText('导出全部符合条件的记录'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(api.calls[1].params.get('selections')).toBeNull();
    expect(api.calls[1].params.get('paramsStr')).toBe(call.params.get('paramsStr'));
  });

  it('defaults the name to 导出文件 and says 文件下载失败 on failure', async () => {
    let broken = false;
    mockApi(() =>
      broken
        ? { status: 500, body: 'boom' }
        : { body: new Blob(['x']), headers: { 'content-type': 'application/octet-stream' } },
    );
    renderPage(<ExportButton url="/x/export" params={{}} />);
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saved[0]?.name).toBe('导出文件.xlsx'));
    broken = true;
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('文件下载失败')).toBeTruthy();
  });
});

function pick(file: File) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  expect(input.accept).toBe('.xlsx,.csv');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('ImportButton', { timeout: 30_000 }, () => {
  it('success: <file> 文件上传成功, the server message, then reload', async () => {
    const api = mockApi(() => ok({ count: 2 }, '文件导入成功！数据行数：2'));
    const onImported = vi.fn();
    renderPage(<ImportButton url="/sys/dict/importExcel" onImported={onImported} />);
    pick(new File(['a,b'], 'dicts.csv', { type: 'text/csv' }));
    expect(await screen.findByText('dicts.csv 文件上传成功')).toBeTruthy();
    expect(await screen.findByText('文件导入成功！数据行数：2')).toBeTruthy();
    await waitFor(() => expect(onImported).toHaveBeenCalledWith({ count: 2 }));
    const call = api.calls[0];
    expect(call.method).toBe('POST');
    expect((call.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((api.fetchMock.mock.calls[0][1] as RequestInit).headers as Record<string, string>)['X-Access-Token']).toBe(
      'tok-1',
    );
  });

  it('refused rows: the server message and a readable 行号 / 字段 / 错误信息 report', async () => {
    mockApi(() =>
      fail(400, '导入失败：2 行数据有误', {
        errors: [
          { row: 3, field: '字典编码', message: '请输入字典编码！' },
          { row: 5, field: '字典名称', message: '请输入字典名称！' },
        ],
      }),
    );
    renderPage(<ImportButton url="/sys/dict/importExcel" />);
    pick(new File(['x'], 'bad.xlsx'));
    expect(await screen.findByText('bad.xlsx 导入失败')).toBeTruthy();
    expect(screen.getByText('行号')).toBeTruthy();
    expect(screen.getByText('请输入字典编码！')).toBeTruthy();
    expect(screen.getByText('5')).toBeTruthy();
    expect(screen.getAllByText('导入失败：2 行数据有误').length).toBeGreaterThan(0);
  });

  it('no answer: 文件上传失败; a .xls is refused before upload', async () => {
    const api = mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderPage(<ImportButton url="/sys/dict/importExcel" />);
    pick(new File(['x'], 'old.xls'));
    expect(await screen.findByText('请另存为 .xlsx 后再导入')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    pick(new File(['x'], 'a.xlsx'));
    expect(await screen.findByText('文件上传失败')).toBeTruthy();
  });
});
