import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { FormModal } from './form-modal';
import { fail, renderPage } from './test-utils';
import { cloneRecord, useFormModal } from './use-form-modal';

type Rec = {
  id: string;
  name: string;
  createTime: string;
  createBy: string;
  updateTime: string | null;
  updateBy: string | null;
};
const RECORD: Rec = {
  id: 'a1',
  name: '性别',
  createTime: '2026-01-01 00:00:00',
  createBy: 'admin',
  updateTime: null,
  updateBy: null,
};

function Harness({
  onSubmit,
  drawer,
}: {
  onSubmit: (values: { name: string }, isNew: boolean, record: unknown) => Promise<string | void>;
  drawer?: boolean;
}) {
  const modal = useFormModal<Rec>();
  return (
    <>
      <button type="button" onClick={() => modal.add()}>
        open-add
      </button>
      <button type="button" onClick={() => modal.edit(RECORD)}>
        open-edit
      </button>
      <button type="button" onClick={() => modal.detail(RECORD)}>
        open-detail
      </button>
      <button type="button" onClick={() => modal.clone(RECORD)}>
        open-clone
      </button>
      <FormModal<Rec, { name: string }>
        modal={modal}
        drawer={drawer}
        onSubmit={(v, ctx) => onSubmit(v, ctx.isNew, ctx.record)}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入名称！' }]}>
          <Input placeholder="请输入名称" />
        </Form.Item>
        <input aria-label="原生输入" />
      </FormModal>
    </>
  );
}

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('cloneRecord', () => {
  it('clears id, createTime, createBy, updateTime and updateBy', () => {
    expect(cloneRecord({ ...RECORD, extra: 1 })).toEqual({ name: '性别', extra: 1 });
  });
});

describe('FormModal', { timeout: 30_000 }, () => {
  it('detail: title 详情, every input disabled, submit disabled', async () => {
    const submit = vi.fn(async () => undefined);
    renderPage(<Harness onSubmit={submit} />);
    fireEvent.click(screen.getByText('open-detail'));
    expect(await screen.findByText('详情')).toBeTruthy();
    const input = screen.getByPlaceholderText<HTMLInputElement>('请输入名称');
    expect(input.value).toBe('性别');
    expect(input.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('原生输入').matches(':disabled')).toBe(true);
    expect((okButton() as HTMLButtonElement).disabled).toBe(true);
    expect(submit).not.toHaveBeenCalled();
  });

  it('clone-add: title 新增, the copy has no id or audit fields and is submitted as new', async () => {
    const submit = vi.fn(async () => '添加成功！');
    renderPage(<Harness onSubmit={submit} />);
    fireEvent.click(screen.getByText('open-clone'));
    expect(await screen.findByText('新增')).toBeTruthy();
    expect(screen.getByPlaceholderText<HTMLInputElement>('请输入名称').value).toBe('性别');
    fireEvent.click(okButton());
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit).toHaveBeenCalledWith({ name: '性别' }, true, { name: '性别' });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  });

  it('edit: title 编辑, submitted with the record; add validates first', async () => {
    const submit = vi.fn(async () => undefined);
    renderPage(<Harness onSubmit={submit} />);
    fireEvent.click(screen.getByText('open-edit'));
    expect(await screen.findByText('编辑')).toBeTruthy();
    fireEvent.click(okButton());
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: '性别' }, false, RECORD));

    fireEvent.click(screen.getByText('open-add'));
    expect(await screen.findByText('新增')).toBeTruthy();
    fireEvent.click(okButton());
    expect(await screen.findByText('请输入名称！')).toBeTruthy();
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('each opening starts from its own record (an earlier add leaves nothing behind)', async () => {
    renderPage(<Harness onSubmit={async () => undefined} />);
    fireEvent.click(screen.getByText('open-add'));
    fireEvent.change(await screen.findByPlaceholderText('请输入名称'), { target: { value: '新的' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    fireEvent.click(screen.getByText('open-edit'));
    await screen.findByText('编辑');
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLInputElement>('请输入名称').value).toBe('性别'));
  });

  it('cancel with unsaved changes asks 确定放弃编辑？', async () => {
    renderPage(<Harness onSubmit={async () => undefined} />);
    fireEvent.click(screen.getByText('open-edit'));
    await screen.findByText('编辑');
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '性别2' } });
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(await screen.findAllByText('确定放弃编辑？')).not.toHaveLength(0);
  });

  it('a refused save shows the server message and keeps the modal open', async () => {
    const submit = vi.fn(async () => {
      const { ApiError } = await import('../http/api-error');
      const answer = fail(409, '字典编码已存在！').body as { message: string };
      throw new ApiError({ kind: 'http', status: 409, message: answer.message });
    });
    renderPage(<Harness onSubmit={submit} />);
    fireEvent.click(screen.getByText('open-add'));
    fireEvent.change(await screen.findByPlaceholderText('请输入名称'), { target: { value: 'x' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('字典编码已存在！')).toBeTruthy();
    expect(screen.getByText('新增')).toBeTruthy();
  });

  it('drawer: the same form in a drawer with 取消 / 确定; detail disables the submit', async () => {
    const submit = vi.fn(async () => '编辑成功！');
    renderPage(<Harness onSubmit={submit} drawer />);
    fireEvent.click(screen.getByText('open-detail'));
    expect(await screen.findByText('详情')).toBeTruthy();
    expect(document.querySelector('.ant-drawer')).toBeTruthy();
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(screen.getByPlaceholderText<HTMLInputElement>('请输入名称').disabled).toBe(true);
    expect((okButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(document.querySelector<HTMLElement>('.ant-drawer-footer')!).getByRole('button', { name: /关\s*闭/ }),
    );

    fireEvent.click(screen.getByText('open-edit'));
    expect(await screen.findByText('编辑')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '性别2' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: '性别2' }, false, RECORD));
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
  });
});
