import '../../shared/ui/test-support/jsdom-stubs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@lims/contracts';
import { fail, grant, mockApi, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import { storage } from '../../shared/storage/storage';
import { ACCESS_TOKEN } from '../../shared/storage/storage-keys';
import ProjectListPage from './project-list-page';
import { projectServer } from './project-test-data';

/** A busy machine renders antd slowly: wait longer than the default second. */
configure({ asyncUtilTimeout: 8000 });

let uploads: Array<{ url: string; body: FormData }>;
let uploadAnswer: { status: number; body: unknown };

/** Just enough of XMLHttpRequest for antd's upload request. */
class FakeXhr {
  status = 0;
  responseText = '';
  upload = {};
  onload: (() => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    uploads.push({ url: this.url, body });
    setTimeout(() => {
      this.status = uploadAnswer.status;
      this.responseText = JSON.stringify(uploadAnswer.body);
      this.onload?.();
    }, 0);
  }
  abort() {}
}

beforeEach(() => {
  uploads = [];
  uploadAnswer = {
    status: 200,
    body: {
      success: true,
      code: 200,
      message: '上传成功！',
      result: { id: 'a9', fileName: '新报告.pdf', filePath: 'project/202605/new.pdf', url: '' },
    },
  };
  storage.set(ACCESS_TOKEN, 'tok-1');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

async function openDrawer(codes: string[], server: (c: ApiCall) => ReturnType<typeof projectServer> = projectServer) {
  grant(...codes);
  const api = mockApi(server);
  renderPage(<ProjectListPage />, '/project/jcXmProject');
  const row = (await screen.findByText('XM202605010001')).closest('tr') as HTMLElement;
  fireEvent.mouseEnter(within(row).getByText('更多'));
  fireEvent.click(await screen.findByRole('menuitem', { name: '附件' }));
  const drawer = (await screen.findByText('项目附件')).closest('.ant-drawer') as HTMLElement;
  await within(drawer).findByText('检测报告.pdf');
  return { api, drawer };
}

const rowOf = (drawer: HTMLElement, name: string) => within(drawer).getByText(name).closest('tr') as HTMLElement;
const fileInput = (drawer: HTMLElement) => drawer.querySelector('input[type=file]') as HTMLInputElement;

describe('项目附件 drawer', { timeout: 60_000 }, () => {
  it('lists the files of the project with size, uploader and actions; images get 预览', async () => {
    const { api, drawer } = await openDrawer(Object.values(PERM.project));
    expect(api.last('/fj/xmfj/list')!.params.get('projectId')).toBe('p1');
    expect(within(drawer).getByText('XM202605010001')).toBeTruthy();
    expect(within(rowOf(drawer, '检测报告.pdf')).getByText('2.0 KB')).toBeTruthy();
    expect(within(rowOf(drawer, '检测报告.pdf')).queryByText('预览')).toBeNull();
    const photo = rowOf(drawer, '现场照片.png');
    expect(within(photo).getByRole<HTMLImageElement>('img').getAttribute('src')).toBe(
      '/api/sys/common/static/project/202605/bbb.png?token=tok-1',
    );
    fireEvent.click(within(photo).getByText('预览'));
    expect(await screen.findByText('图片预览')).toBeTruthy();
    expect(screen.getByRole('img', { name: '现场照片.png' })).toBeTruthy();
  });

  it('refuses a file of another type before upload, uploads an accepted one to the project', async () => {
    const { api, drawer } = await openDrawer(Object.values(PERM.project));
    fireEvent.change(fileInput(drawer), { target: { files: [new File(['MZ'], 'setup.exe')] } });
    expect(await screen.findByText(/不支持该文件类型，仅支持：doc、docx、xls、xlsx/)).toBeTruthy();
    expect(uploads).toEqual([]);

    fireEvent.change(fileInput(drawer), {
      target: { files: [new File(['%PDF-1.4'], '新报告.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('新报告.pdf 上传成功')).toBeTruthy();
    expect(uploads[0].url).toBe('/api/fj/xmfj/upload?projectId=p1&token=tok-1');
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/fj/xmfj/list').length).toBeGreaterThan(1));
  });

  it('shows the server message when it refuses the content', async () => {
    uploadAnswer = {
      status: 400,
      body: { success: false, code: 400, message: '文件内容与扩展名不符：该文件不是有效的 .pdf 文件', result: null },
    };
    const { drawer } = await openDrawer(Object.values(PERM.project));
    fireEvent.change(fileInput(drawer), { target: { files: [new File(['fake'], 'fake.pdf')] } });
    expect(await screen.findByText('文件内容与扩展名不符：该文件不是有效的 .pdf 文件')).toBeTruthy();
  });

  it('downloads through downloadFile?filePath=&fileName=; 未知的文件 without a path; 文件下载失败 on failure', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let broken = false;
    const { api, drawer } = await openDrawer(Object.values(PERM.project), (c) => {
      if (c.path === '/fj/xmfj/downloadFile') {
        return broken
          ? fail(404, '未知的文件')
          : { body: new Blob(['%PDF-1.4 bytes']), headers: { 'content-type': 'application/pdf' } };
      }
      return projectServer(c);
    });
    fireEvent.click(within(rowOf(drawer, '检测报告.pdf')).getByText('下载'));
    await waitFor(() => expect(saved).toEqual(['检测报告.pdf']));
    expect(Object.fromEntries(api.last('/fj/xmfj/downloadFile')!.params)).toMatchObject({
      filePath: 'project/202605/aaa.pdf',
      fileName: '检测报告.pdf',
      projectId: 'p1',
    });

    fireEvent.click(within(rowOf(drawer, '丢失的文件.txt')).getByText('下载'));
    expect(await screen.findByText('未知的文件')).toBeTruthy();

    broken = true;
    fireEvent.click(within(rowOf(drawer, '检测报告.pdf')).getByText('下载'));
    expect(await screen.findByText('文件下载失败')).toBeTruthy();
  });

  it('deletes after 确定删除吗? and shows the server message', async () => {
    const { api, drawer } = await openDrawer(Object.values(PERM.project));
    fireEvent.click(within(rowOf(drawer, '检测报告.pdf')).getByText('删除'));
    fireEvent.click(
      within((await screen.findByText('确定删除吗?')).closest('.ant-popover') as HTMLElement).getByRole('button', {
        name: /确\s*定/,
      }),
    );
    expect(await screen.findByText('删除成功！')).toBeTruthy();
    expect(api.last('/fj/xmfj/delete')).toMatchObject({ method: 'DELETE' });
    expect(api.last('/fj/xmfj/delete')!.params.get('id')).toBe('a1');
  });

  it('hides upload and delete from a reader', async () => {
    const { drawer } = await openDrawer([PERM.project.list]);
    expect(within(drawer).queryByText('上传附件')).toBeNull();
    expect(within(rowOf(drawer, '检测报告.pdf')).queryByText('删除')).toBeNull();
    expect(within(rowOf(drawer, '检测报告.pdf')).getByText('下载')).toBeTruthy();
  });
});
