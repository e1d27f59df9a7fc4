import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, Button, Result } from 'antd';
import { MSG } from '@lims/contracts';
import { ChangePasswordForm } from '../../shared/session/change-password-form';
import { loginRequest } from './api';
import { useLoginSuccess } from './use-login-success';

type AlterationState = { username?: string; oldPassword?: string; forced?: boolean } | null;

/**
 * /user/alteration: change an expired or initial password before login (the dialog's
 * before-login mode); on success the user is signed in with the new password.
 */
export default function AlterationPage() {
  const state = useLocation().state as AlterationState;
  const onLogin = useLoginSuccess();
  const [done, setDone] = useState<string>();

  const signIn = async ({ username, password, message }: { username: string; password: string; message: string }) => {
    try {
      onLogin(await loginRequest({ username, password }), password);
    } catch {
      setDone(message);
    }
  };

  if (done) {
    return (
      <Result
        status="success"
        title={done}
        subTitle="请使用新密码登录"
        extra={
          <Link to="/user/login">
            <Button type="primary">返回登录</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div>
      <h2 style={{ textAlign: 'center', fontSize: 18, margin: '0 0 16px' }}>修改密码</h2>
      {state?.forced && <Alert type="warning" showIcon title={MSG.passwordMustChange} style={{ marginBottom: 16 }} />}
      <ChangePasswordForm
        initialUsername={state?.username}
        oldPassword={state?.oldPassword}
        submitText="修改并登录"
        onSuccess={(result) => void signIn(result)}
      />
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/user/login">使用已有账户登录</Link>
      </div>
    </div>
  );
}
