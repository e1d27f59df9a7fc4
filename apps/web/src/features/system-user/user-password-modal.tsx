import { useState } from 'react';
import { Form, Input, Modal, App } from 'antd';
import { FORM_LABEL, FORM_WRAPPER } from '../../shared/form/form-layout';
import { reportError } from '../../shared/list-page/report-error';
import { useResetPassword } from './api';
import { PasswordFields } from './password-fields';

type Values = { username: string; password: string; confirmpassword: string };

/**
 * 重新设定密码 (row action 密码): an administrator sets a user's password with SPEC section 5's policy
 * and messages; the server makes the user change it at the next sign-in and ends their sessions.
 */
export function UserPasswordModal({ username, onClose }: { username: string | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      message.success(await reset.mutateAsync({ ...values, username: username ?? '' }));
      onClose();
    } catch (err) {
      reportError(err, message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={username !== null}
      title="重新设定密码"
      width={600}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        preserve={false}
        initialValues={{ username: username ?? '' }}
        labelCol={FORM_LABEL}
        wrapperCol={FORM_WRAPPER}
        onFinish={() => void submit()}
      >
        <Form.Item name="username" label="用户账号">
          <Input readOnly disabled />
        </Form.Item>
        <PasswordFields />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
