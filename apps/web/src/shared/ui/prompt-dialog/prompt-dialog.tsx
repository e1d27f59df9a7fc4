import { useCallback, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import type { FormRule as Rule } from 'antd';

export type PromptOptions = {
  title: ReactNode;
  /** Label above the input. */
  label?: ReactNode;
  placeholder?: string;
  /** antd rules the value must pass before the dialog closes. */
  rules?: Rule[];
  initialValue?: string;
  okText?: string;
  cancelText?: string;
};

export type PromptDialogProps = PromptOptions & {
  open: boolean;
  onOk: (value: string) => void;
  onCancel: () => void;
  afterClose?: () => void;
};

type PromptValues = { value: string };

/** A modal with one input validated against the caller's rules (SPEC section 5, prompt dialog). */
export function PromptDialog(p: PromptDialogProps) {
  const [form] = Form.useForm<PromptValues>();
  const submit = () => {
    form.validateFields().then(
      ({ value }) => p.onOk(value ?? ''),
      () => undefined,
    );
  };
  return (
    <Modal
      open={p.open}
      title={p.title}
      okText={p.okText ?? '确定'}
      cancelText={p.cancelText ?? '取消'}
      onOk={submit}
      onCancel={p.onCancel}
      afterClose={p.afterClose}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" initialValues={{ value: p.initialValue ?? '' }} onFinish={submit}>
        <Form.Item name="value" label={p.label} rules={p.rules} style={{ marginBottom: 8 }}>
          <Input autoFocus placeholder={p.placeholder ?? '请输入'} onPressEnter={submit} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Pending = { options: PromptOptions; resolve: (value: string | null) => void };

/**
 * `prompt(options)` opens the dialog and resolves with the entered value, or null when cancelled.
 * Render `holder` once in the calling component.
 */
export function usePrompt(): {
  prompt: (options: PromptOptions) => Promise<string | null>;
  holder: ReactElement | null;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const current = useRef<Pending | null>(null);

  const prompt = useCallback(
    (options: PromptOptions) =>
      new Promise<string | null>((resolve) => {
        current.current?.resolve(null);
        const next = { options, resolve };
        current.current = next;
        setPending(next);
        setOpen(true);
      }),
    [],
  );

  const finish = (value: string | null) => {
    current.current?.resolve(value);
    current.current = null;
    setOpen(false);
  };

  const holder = pending ? (
    <PromptDialog
      {...pending.options}
      open={open}
      onOk={(value) => finish(value)}
      onCancel={() => finish(null)}
      afterClose={() => setPending((p) => (p === pending ? null : p))}
    />
  ) : null;
  return { prompt, holder };
}
