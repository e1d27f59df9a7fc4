import { lazy, Suspense, useState } from 'react';
import { useNavigation } from 'react-router';
import { Spin } from 'antd';
import { AccountLoginForm } from './account-login-form';
import { LoginModeSwitch } from './login-mode-switch';

/** Loaded when chosen: it validates with the shared contracts (zod), which the first page need not load. */
const PhoneLoginForm = lazy(() => import('./phone-login-form'));

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
      <LoginModeSwitch<Mode> value={mode} onChange={setMode} options={MODES} />
      {mode === 'account' ? (
        <AccountLoginForm busy={busy} />
      ) : (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          <PhoneLoginForm busy={busy} />
        </Suspense>
      )}
    </div>
  );
}
