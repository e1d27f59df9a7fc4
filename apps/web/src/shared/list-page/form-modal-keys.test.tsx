import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DatePicker, Form, Input, Select } from 'antd';
import { FormModal } from './form-modal';
import { renderPage } from './test-utils';
import { useFormModal } from './use-form-modal';

type Rec = { id: string; name: string };

function Harness({ onSubmit }: { onSubmit: (values: Record<string, unknown>) => Promise<string | void> }) {
  const modal = useFormModal<Rec>();
  return (
    <>
      <button type="button" onClick={() => modal.add()}>
        open-add
      </button>
      <FormModal<Rec> modal={modal} onSubmit={(v) => onSubmit(v)}>
        <Form.Item name="name" label="名称">
          <Input placeholder="请输入名称" />
        </Form.Item>
        <Form.Item name="startDate" label="开始日期">
          <DatePicker placeholder="请选择开始日期" />
        </Form.Item>
        <Form.Item name="kind" label="类别">
          <Select placeholder="请选择类别" options={[{ value: 'a', label: 'A' }]} showSearch />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input.TextArea placeholder="请输入备注" />
        </Form.Item>
      </FormModal>
    </>
  );
}

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });
const enter = (el: Element) => fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 });

describe('FormModal keys and double submission', { timeout: 30_000 }, () => {
  it('Enter in a date picker, a select or a text area does not submit; Enter in a plain text input does', async () => {
    const submit = vi.fn(async () => undefined);
    renderPage(<Harness onSubmit={submit} />);
    fireEvent.click(screen.getByText('open-add'));
    const date = await screen.findByPlaceholderText('请选择开始日期');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2026-12-10' } });
    enter(date);
    enter(screen.getByRole('combobox'));
    enter(screen.getByPlaceholderText('请输入备注'));
    // Nothing is submitted meanwhile: the plain input's Enter below is the first submission.
    await new Promise((r) => setTimeout(r, 0));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();

    enter(screen.getByPlaceholderText('请输入名称'));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it('Enter during IME composition does not submit', async () => {
    const submit = vi.fn(async () => undefined);
    renderPage(<Harness onSubmit={submit} />);
    fireEvent.click(screen.getByText('open-add'));
    const name = await screen.findByPlaceholderText('请输入名称');
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(submit).not.toHaveBeenCalled();
  });

  it('a double click on 确定 (or Enter while saving) saves once', async () => {
    let finish: () => void = () => undefined;
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderPage(<Harness onSubmit={submit} />);
    fireEvent.click(screen.getByText('open-add'));
    const name = await screen.findByPlaceholderText('请输入名称');
    fireEvent.click(okButton());
    fireEvent.click(okButton());
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    enter(name);
    fireEvent.click(okButton());
    await new Promise((r) => setTimeout(r, 0));
    expect(submit).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
