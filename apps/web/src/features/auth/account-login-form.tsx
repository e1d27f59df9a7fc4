import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from 'antd';
import { Input } from 'antd';
import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { MSG } from '@lims/contracts';
import { isApiError } from '../../shared/http/api-error';
import { loginRequest } from './api';
import { LoginField, requiredErrors } from './login-field';
import { useLoginSuccess } from './use-login-success';
import styles from './login-form.module.css';

type Fields = { username: string; password: string };
const REQUIRED: Fields = { username: MSG.usernameRequired, password: MSG.passwordRequired };

/** 账号密码登录: the server's message shows in an error Alert above the button. */
export function AccountLoginForm({ busy }: { busy: boolean }) {
  const [values, setValues] = useState<Fields>({ username: '', password: '' });
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const onSuccess = useLoginSuccess();
  const errors = tried ? requiredErrors(values, REQUIRED) : {};

  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(requiredErrors(values, REQUIRED)).length) return;
    setError(undefined);
    setSubmitting(true);
    try {
      onSuccess(await loginRequest({ username: values.username.trim(), password: values.password }), values.password);
    } catch (err) {
      setError(isApiError(err) ? err.message || '登录失败' : '登录失败，请稍后再试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate autoComplete="on">
      <LoginField id="username" error={errors.username}>
        <Input
          size="large"
          name="username"
          prefix={<UserOutlined />}
          aria-label="用户名"
          placeholder="请输入用户名"
          autoComplete="username"
          value={values.username}
          onChange={set('username')}
          status={errors.username ? 'error' : undefined}
          aria-invalid={Boolean(errors.username)}
          aria-describedby="username-error"
        />
      </LoginField>
      <LoginField id="password" error={errors.password}>
        <Input.Password
          size="large"
          name="password"
          prefix={<LockOutlined />}
          aria-label="密码"
          placeholder="请输入密码"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          status={errors.password ? 'error' : undefined}
          aria-invalid={Boolean(errors.password)}
          aria-describedby="password-error"
        />
      </LoginField>
      <div className={styles.links}>
        <Link to="/user/alteration">修改密码</Link>
        <Link to="/user/register">注册账户</Link>
      </div>
      {error && <Alert className={styles.alert} type="error" title={error} showIcon role="alert" />}
      <Button type="primary" size="large" htmlType="submit" block loading={submitting || busy}>
        登录
      </Button>
    </form>
  );
}
