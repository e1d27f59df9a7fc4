import { useState } from 'react';
import { useNavigation } from 'react-router';
import { Segmented } from 'antd';
import { AccountLoginForm } from './account-login-form';
import PhoneLoginForm from './phone-login-form';

type Mode = 'account' | 'phone';
const MODES = [
  { value: 'account', label: '账号密码登录' },
  { value: 'phone', label: '手机号登录' },
] as const;

/** /user/login (SPEC section 2): account or phone login. */
export default function LoginPage() {
  const busy = useNavigation().state !== 'idle';
  const [mode, setMode] = useState<Mode>('account');
  return (
    <div>
      <Segmented<Mode>
        aria-label="登录方式"
        block
        options={[...MODES]}
        value={mode}
        onChange={setMode}
        style={{ marginBottom: 24 }}
      />
      {mode === 'account' ? <AccountLoginForm busy={busy} /> : <PhoneLoginForm busy={busy} />}
    </div>
  );
}
