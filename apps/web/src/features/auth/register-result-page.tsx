import { Link, useLocation } from 'react-router';
import { Button, Result } from 'antd';
import { PHONE_MSG } from '@lims/contracts';

/** /user/register-result. */
export default function RegisterResultPage() {
  const username = (useLocation().state as { username?: string } | null)?.username;
  return (
    <Result
      status="success"
      title={username ? `你的账户：${username} 注册成功` : '注册成功'}
      subTitle={PHONE_MSG.registered}
      extra={
        <Link to="/user/login">
          <Button type="primary">使用已有账户登录</Button>
        </Link>
      }
    />
  );
}
