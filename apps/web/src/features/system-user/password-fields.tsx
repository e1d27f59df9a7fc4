import { Form, Input } from 'antd';
import { confirmPasswordRules, newPasswordRules } from '../../shared/form/password-rules';

/** 登录密码 + 确认密码 (SPEC section 5's policy and messages), for 添加用户 and 重新设定密码. */
export function PasswordFields() {
  return (
    <>
      <Form.Item name="password" label="登录密码" rules={newPasswordRules}>
        <Input.Password placeholder="请输入登录密码" maxLength={128} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmpassword" label="确认密码" dependencies={['password']} rules={confirmPasswordRules()}>
        <Input.Password placeholder="请重新输入登录密码" maxLength={128} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
