import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { MOBILE_PATTERN, MSG, PASSWORD_PATTERN, PHONE_MSG, USERNAME_PATTERN, type RegisterBody } from '@lims/contracts';
import { isApiError } from '../../shared/http/api-error';
import { registerRequest } from './api';

/** /user/register: the account is created frozen and an administrator approves it. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: RegisterBody) => {
    setError(undefined);
    setSaving(true);
    try {
      const body: RegisterBody = {
        ...values,
        username: values.username.trim(),
        realname: values.realname.trim(),
        phone: values.phone?.trim() || undefined,
        email: values.email?.trim() || undefined,
      };
      await registerRequest(body);
      void navigate('/user/register-result', { state: { username: body.username } });
    } catch (err) {
      setError(isApiError(err) ? err.message : '注册失败，请稍后再试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      <h2 style={{ textAlign: 'center', fontSize: 18, margin: '0 0 16px' }}>注册</h2>
      <Form<RegisterBody> size="large" onFinish={(values) => void onFinish(values)} autoComplete="off">
        <Form.Item
          name="username"
          rules={[
            { required: true, whitespace: true, message: MSG.usernameRequired },
            { pattern: USERNAME_PATTERN, message: PHONE_MSG.usernameFormat },
          ]}
        >
          <Input placeholder="请输入用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="realname"
          rules={[{ required: true, whitespace: true, message: PHONE_MSG.realnameRequired }, { max: 100 }]}
        >
          <Input placeholder="请输入用户姓名" autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: MSG.passwordRequired },
            { pattern: PASSWORD_PATTERN, message: MSG.passwordPolicy },
          ]}
        >
          <Input.Password placeholder="至少8位密码，包含大小写字母和数字" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: MSG.confirmPasswordRequired },
            ({ getFieldValue }) => ({
              validator: (_r, v: string | undefined) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(MSG.passwordMismatch)),
            }),
          ]}
        >
          <Input.Password placeholder="确认密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="phone" rules={[{ pattern: MOBILE_PATTERN, message: PHONE_MSG.mobileFormat }]}>
          <Input placeholder="11 位手机号（选填）" inputMode="numeric" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="email" rules={[{ type: 'email', message: PHONE_MSG.emailFormat }]}>
          <Input placeholder="邮箱（选填）" autoComplete="email" />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon role="alert" style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={saving}>
          注册
        </Button>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/user/login">使用已有账户登录</Link>
        </div>
      </Form>
    </div>
  );
}
