import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Envelope, LoginResult } from '@lims/contracts';
import { HOME_PATH } from '../../shared/config/runtime-config';
import { ApiError } from '../../shared/http/api-error';
import { useSession } from '../../shared/session/session-store';
import { safeRedirect } from './safe-redirect';

export const ALTERATION_PATH = '/user/alteration';

/** SPEC section 4: a login succeeds only when the answer's code is 200 (string or number) with a token. */
export function loginAccepted(answer: Envelope<LoginResult>): boolean {
  return String(answer.code) === '200' && Boolean(answer.result?.token);
}

/**
 * What follows a login answer (SPEC section 4): success only when code is 200; keep token and
 * user info 7 days; a password that must change first goes to /user/alteration; otherwise go
 * to the redirect target (the guard then loads the menu).
 */
export function useLoginSuccess() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    (answer: Envelope<LoginResult>, password?: string) => {
      if (!loginAccepted(answer)) {
        throw new ApiError({ kind: 'http', status: 200, message: answer.message || '登录失败', code: answer.code });
      }
      const { token, userInfo } = answer.result;
      if (userInfo.mustChangePassword) {
        void navigate(ALTERATION_PATH, { state: { username: userInfo.username, oldPassword: password, forced: true } });
        return;
      }
      useSession.getState().setLogin(token, userInfo, { welcome: true });
      void navigate(safeRedirect(params.get('redirect')) ?? HOME_PATH, { replace: true });
    },
    [navigate, params],
  );
}
