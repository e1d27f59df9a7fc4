import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi } from '../test-support/render-ui';
import { storage } from '../../storage/storage';
import { ACCESS_TOKEN } from '../../storage/storage-keys';
import { UploadField } from './upload-field';
import { extensionOf, imageUrl, refusalOf, splitPaths } from './upload-types';

type Sent = { method: string; url: string; body: FormData };
let sent: Sent[];
let answer: { status: number; body: unknown };

/** Just enough of XMLHttpRequest for antd's upload request. */
class FakeXhr {
  status = 0;
  responseText = '';
  upload = {};
  onload: (() => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    sent.push({ method: this.method, url: this.url, body });
    setTimeout(() => {
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
  abort() {}
}

beforeEach(() => {
  sent = [];
  answer = {
    status: 200,
    body: {
      success: true,
      code: 200,
      message: '上传成功！',
      result: { id: 'f1', filePath: 'temp/202601/abc.pdf', fileName: '报告.pdf', url: '/api/sys/common/download/f1' },
    },
  };
  storage.set(ACCESS_TOKEN, 'tok-9');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.__LIMS_CONFIG__ = undefined;
});

function Harness({
  initial = '',
  onValue,
  variant,
}: {
  initial?: string;
  onValue?: (v: string) => void;
  variant?: 'file' | 'image';
}) {
  const [value, setValue] = useState(initial);
  return (
    <UploadField
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
      biz="sample"
      variant={variant}
      maxCount={3}
    />
  );
}

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('upload-types', () => {
  it('checks the extension against the accepted types and the size limit', () => {
    expect(extensionOf('a/b/报告.PDF')).toBe('pdf');
    expect(refusalOf({ name: 'x.docx', size: 10 }, 'file')).toBeNull();
    expect(refusalOf({ name: 'x.exe', size: 10 }, 'file')).toContain('doc、docx、xls、xlsx');
    expect(refusalOf({ name: 'x.pdf', size: 10 }, 'image')).toContain('jpg、png、gif、bmp');
    expect(refusalOf({ name: 'x.zip', size: 11 * 1024 * 1024 }, 'file')).toBe(
      '文件大小超出10MB限制, 请压缩或降低文件质量！',
    );
    expect(splitPaths(' a, ,b ')).toEqual(['a', 'b']);
  });

  it('shows images from imageHost + path, else from the image route with the token (an <img> cannot send the header)', () => {
    expect(imageUrl('temp/202601/a.png')).toBe('/api/sys/common/static/temp/202601/a.png?token=tok-9');
    storage.remove(ACCESS_TOKEN);
    expect(imageUrl('temp/202601/a.png')).toBe('/api/sys/common/static/temp/202601/a.png');
    window.__LIMS_CONFIG__ = { imageHost: 'https://img.example.com/' };
    expect(imageUrl('temp/202601/a.png')).toBe('https://img.example.com/temp/202601/a.png');
  });
});

describe('<UploadField>', { timeout: 30_000 }, () => {
  it('shows the stored files of the value', () => {
    renderUi(<Harness initial="temp/202601/one.pdf,temp/202601/two.docx" />);
    expect(screen.getByText('one.pdf')).toBeTruthy();
    expect(screen.getByText('two.docx')).toBeTruthy();
  });

  it('refuses another type before upload with a message naming the allowed types', async () => {
    renderUi(<Harness />);
    choose(new File(['MZ'], 'setup.exe'));
    expect(await screen.findByText(/不支持该文件类型，仅支持：doc、docx/)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('uploads with the token and biz in the URL and adds the stored path to the value', async () => {
    const values: string[] = [];
    renderUi(<Harness initial="temp/202601/old.txt" onValue={(v) => values.push(v)} />);
    choose(new File(['%PDF-1.4'], '报告.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(values).toEqual(['temp/202601/old.txt,temp/202601/abc.pdf']));
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/api/sys/common/upload?biz=sample&token=tok-9');
    expect((sent[0].body.get('file') as File).name).toBe('报告.pdf');
    expect(await screen.findByText('报告.pdf')).toBeTruthy();
  });

  it('shows the server message when the upload is refused and keeps the value', async () => {
    const values: string[] = [];
    answer = {
      status: 400,
      body: { success: false, code: 400, message: '文件内容与扩展名不符：该文件不是有效的 .pdf 文件', result: null },
    };
    renderUi(<Harness onValue={(v) => values.push(v)} />);
    choose(new File(['fake'], 'fake.pdf'));
    expect(await screen.findByText('文件内容与扩展名不符：该文件不是有效的 .pdf 文件')).toBeTruthy();
    expect(values).toEqual([]);
  });

  it('uploads to another endpoint with its params and hands out each stored file', async () => {
    const stored: string[] = [];
    renderUi(
      <UploadField
        uploadPath="/fj/xmfj/upload"
        uploadParams={{ projectId: 'p1' }}
        transient
        onUploaded={(f) => stored.push(f.filePath)}
      />,
    );
    choose(new File(['%PDF-1.4'], '报告.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(stored).toEqual(['temp/202601/abc.pdf']));
    expect(sent[0].url).toBe('/api/fj/xmfj/upload?projectId=p1&token=tok-9');
  });

  it('shows picture cards with thumbnails in the image variant', () => {
    renderUi(<Harness variant="image" initial="temp/202601/p1.png" />);
    const img = screen.getByRole<HTMLImageElement>('img', { name: 'p1.png' });
    expect(img.getAttribute('src')).toBe('/api/sys/common/static/temp/202601/p1.png?token=tok-9');
    expect(screen.getByText('上传图片')).toBeTruthy();
  });
});
