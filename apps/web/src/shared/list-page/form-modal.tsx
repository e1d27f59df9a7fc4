import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Modal, Space, App } from 'antd';
import type { FormInstance } from 'antd';
import { isSubmitEnter } from '../form/enter-key';
import { FormContainer } from '../form/form-container';
import { FORM_LABEL, FORM_WRAPPER } from '../form/form-layout';
import { LIST_MSG } from './list-messages';
import { reportError } from './report-error';
import { isStaleEdit, STALE_EDIT } from './stale-edit';
import type { FormMode, FormModalController } from './use-form-modal';

/**
 * Starts each opening from its own initial values: a form instance outlives the modal's content,
 * and fields of an earlier opening leave their names in its store (which would win over the new
 * record's values).
 */
function StartFromInitialValues({ form }: { form: FormInstance }) {
  useEffect(() => {
    form.resetFields();
  }, [form]);
  return null;
}

/**
 * An edit's values carry the version the record was loaded with (`version`), so the server refuses a save
 * over someone else's newer one (409). Add, clone and records without a version send none.
 */
function withVersion<V>(values: V, mode: FormMode, record: object | null): V {
  const version = mode === 'edit' ? (record as { version?: unknown } | null)?.version : undefined;
  return typeof version === 'number' ? { ...values, version } : values;
}

export type SubmitContext<T> = { mode: FormMode; record: Partial<T> | null; isNew: boolean };

type Props<T extends object, V> = {
  modal: FormModalController<T>;
  /** The page's form instance when it needs one (e.g. dependent fields); otherwise the modal's own. */
  form?: FormInstance<V>;
  /** Saves the values; the returned text (the server's message) is shown as a success. */
  onSubmit: (values: V, ctx: SubmitContext<T>) => Promise<string | void>;
  /** Record → form values (default: the record itself). */
  toValues?: (record: Partial<T>) => Record<string, unknown>;
  /** Values of a new record's form. */
  defaults?: Record<string, unknown>;
  width?: number;
  /** A drawer from the right (e.g. 菜单管理's form, width 700) instead of a centred modal. */
  drawer?: boolean;
  children: ReactNode;
};

/**
 * The list page's modal (or drawer) form: title by mode; detail disables every input (FormContainer) and the
 * submit; cancelling unsaved changes asks 确定放弃编辑？; a refused save shows the server's message.
 */
export function FormModal<T extends object, V = Record<string, unknown>>(p: Props<T, V>) {
  const { modal, onSubmit } = p;
  const { message, modal: dialogs } = App.useApp();
  const [ownForm] = Form.useForm<V>();
  const form = p.form ?? ownForm;
  const [saving, setSaving] = useState(false);
  /** Set from the first click (or Enter) until the save ends: a second one meanwhile does nothing. */
  const busy = useRef(false);
  const container = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const initial = {
    ...p.defaults,
    ...(modal.record ? (p.toValues ?? ((r) => r))(modal.record) : {}),
  };

  const submit = async () => {
    if (modal.readOnly || !modal.open || busy.current) return;
    busy.current = true;
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      busy.current = false;
      return;
    }
    setSaving(true);
    try {
      const text = await onSubmit(withVersion(values, modal.mode, modal.record), {
        mode: modal.mode,
        record: modal.record,
        isNew: modal.isNew,
      });
      if (text) message.success(text);
      modal.close();
    } catch (err) {
      if (isStaleEdit(err)) offerReload();
      else reportError(err, message);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  /** Someone saved the record since it was loaded: 刷新 loads it as stored now (the lists reload too). */
  const offerReload = () =>
    dialogs.confirm({
      title: STALE_EDIT.title,
      content: STALE_EDIT.message,
      okText: STALE_EDIT.reload,
      cancelText: '取消',
      onOk: async () => {
        void queryClient.invalidateQueries();
        try {
          if (modal.reload) await modal.reload();
          else modal.close();
        } catch (err) {
          reportError(err, message);
        }
      },
    });

  const cancel = () => {
    // Esc during the closing animation still reaches a just-saved form: nothing to discard then.
    if (!modal.open) return;
    if (!modal.readOnly && form.isFieldsTouched()) {
      dialogs.confirm({ title: LIST_MSG.discardEdit, okText: '确定', cancelText: '取消', onOk: modal.close });
    } else modal.close();
  };

  // A <div>, not a <form>: the browser's implicit submission (Enter in any field, a date picker's too) never
  // applies; Enter submits only from a plain text input (isSubmitEnter), the buttons otherwise.
  const body = (
    <FormContainer disabled={modal.readOnly}>
      <div
        ref={container}
        onKeyDown={(e) => {
          if (!isSubmitEnter(e, container.current)) return;
          e.preventDefault();
          void submit();
        }}
      >
        <Form<V>
          key={modal.version}
          form={form}
          component="div"
          initialValues={initial}
          labelCol={FORM_LABEL}
          wrapperCol={FORM_WRAPPER}
          preserve={false}
        >
          {p.children}
          <StartFromInitialValues form={form as FormInstance} />
        </Form>
      </div>
    </FormContainer>
  );
  const cancelText = modal.readOnly ? '关闭' : '取消';

  if (p.drawer) {
    const footer = (
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={cancel}>{cancelText}</Button>
        <Button type="primary" loading={saving} disabled={modal.readOnly} onClick={() => void submit()}>
          确定
        </Button>
      </Space>
    );
    return (
      <Drawer
        open={modal.open}
        title={modal.title}
        size={p.width ?? 700}
        onClose={cancel}
        footer={footer}
        mask={{ closable: false }}
        destroyOnHidden
      >
        {body}
      </Drawer>
    );
  }

  return (
    <Modal
      open={modal.open}
      title={modal.title}
      width={p.width ?? 800}
      onOk={() => void submit()}
      onCancel={cancel}
      confirmLoading={saving}
      okText="确定"
      cancelText={cancelText}
      okButtonProps={{ disabled: modal.readOnly }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
