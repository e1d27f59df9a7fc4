import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { MSG } from '@lims/contracts';
import { confirmPasswordRules, newPasswordRules } from '../form/password-rules';
import { isApiError } from '../http/api-error';
import { updatePassword } from './session-api';

type Fields = { username: string; oldpassword: string; password: string; confirmpassword: string };

type Props = {
  /** The signed-in user's name; without it (before-login mode) the form asks for it. */
  username?: string;
  /** Before-login mode: prefills the username field. */
  initialUsername?: string;
  /** Prefills the old password (after a forced change at login). */
  oldPassword?: string;
  submitText?: string;
  onCancel?: () => void;
  /** After the server accepted: the username and the new password. */
  onSuccess: (result: { username: string; password: string; message: string }) => void;
};

/** Change-password fields with SPEC section 5's messages and policy (shared with the server). */
export function ChangePasswordForm({
  username,
  initialUsername,
  oldPassword,
  submitText = '确定',
  onCancel,
  onSuccess,
}: Props) {
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Fields) => {
    const name = (username ?? values.username).trim();
    setError(undefined);
    setSaving(true);
    try {
      await updatePassword({
        username: name,
        oldpassword: values.oldpassword,
        password: values.password,
        confirmpassword: values.confirmpassword,
      });
      form.resetFields();
      onSuccess({ username: name, password: values.password, message: MSG.passwordChanged });
    } catch (err) {
      setError(isApiError(err) ? err.message : '密码修改失败，请稍后再试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      initialValues={{ username: initialUsername, oldpassword: oldPassword }}
      autoComplete="off"
    >
      {!username && (
        <Form.Item
          label="用户名"
          name="username"
          rules={[{ required: true, whitespace: true, message: MSG.usernameRequired }]}
        >
          <Input placeholder="请输入用户名" autoComplete="username" />
        </Form.Item>
      )}
      <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: MSG.oldPasswordRequired }]}>
        <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="新密码" name="password" rules={newPasswordRules}>
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认新密码" name="confirmpassword" dependencies={['password']} rules={confirmPasswordRules()}>
        <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
      </Form.Item>
      {error && <Alert type="error" title={error} showIcon role="alert" style={{ marginBottom: 16 }} />}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitText}
        </Button>
      </div>
    </Form>
  );
}
