import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import MailOutlined from '@ant-design/icons/MailOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import { isApiError } from '../../shared/http/api-error';
import { phoneLoginRequest, sendSmsCode } from './api';
import { LoginField } from './login-field';
import { PHONE_MSG } from '@lims/contracts';
import { captchaError, mobileError, SMS_RESEND_SECONDS } from './phone-rules';
import { useLoginSuccess } from './use-login-success';
import styles from './login-form.module.css';

const failure = (err: unknown) => (isApiError(err) ? err.message || '请求失败' : '请求失败，请稍后再试');

/** 手机号登录: mobile number and a 6-digit SMS code. */
export default function PhoneLoginForm({ busy }: { busy: boolean }) {
  const [mobile, setMobile] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [tried, setTried] = useState<{ mobile: boolean; captcha: boolean }>({ mobile: false, captcha: false });
  const [error, setError] = useState<string>();
  const [info, setInfo] = useState<string>();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const onSuccess = useLoginSuccess();

  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  const mobileMsg = tried.mobile ? mobileError(mobile) : undefined;
  const captchaMsg = tried.captcha ? captchaError(captcha) : undefined;

  const send = async () => {
    setTried((t) => ({ ...t, mobile: true }));
    if (mobileError(mobile)) return;
    setError(undefined);
    setSending(true);
    try {
      await sendSmsCode(mobile.trim());
      setInfo(PHONE_MSG.codeSent);
      setCountdown(SMS_RESEND_SECONDS);
    } catch (err) {
      setInfo(undefined);
      setError(failure(err));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTried({ mobile: true, captcha: true });
    if (mobileError(mobile) || captchaError(captcha)) return;
    setError(undefined);
    setSubmitting(true);
    try {
      onSuccess(await phoneLoginRequest({ mobile: mobile.trim(), captcha: captcha.trim() }));
    } catch (err) {
      setError(failure(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <LoginField id="mobile" error={mobileMsg}>
        <Input
          size="large"
          name="mobile"
          inputMode="numeric"
          maxLength={11}
          prefix={<MobileOutlined />}
          aria-label="手机号"
          placeholder="请输入手机号"
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          status={mobileMsg ? 'error' : undefined}
          aria-invalid={Boolean(mobileMsg)}
          aria-describedby="mobile-error"
          autoComplete="tel"
        />
      </LoginField>
      <LoginField id="captcha" error={captchaMsg}>
        <div className={styles.inline}>
          <Input
            size="large"
            name="captcha"
            inputMode="numeric"
            maxLength={6}
            prefix={<MailOutlined />}
            aria-label="验证码"
            placeholder="请输入验证码"
            value={captcha}
            onChange={(e) => setCaptcha(e.target.value)}
            status={captchaMsg ? 'error' : undefined}
            aria-invalid={Boolean(captchaMsg)}
            aria-describedby="captcha-error"
            autoComplete="one-time-code"
          />
          <Button
            size="large"
            onClick={() => void send()}
            loading={sending}
            disabled={countdown > 0}
            style={{ minWidth: 112 }}
          >
            {countdown > 0 ? `${countdown} 秒后重发` : '获取验证码'}
          </Button>
        </div>
      </LoginField>
      {info && !error && <Alert className={styles.alert} type="success" title={info} showIcon />}
      {error && <Alert className={styles.alert} type="error" title={error} showIcon role="alert" />}
      <Button type="primary" size="large" htmlType="submit" block loading={submitting || busy}>
        登录
      </Button>
    </form>
  );
}
