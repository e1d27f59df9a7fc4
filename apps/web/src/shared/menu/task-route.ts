import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type To } from 'react-router';

/**
 * SPEC section 2: a pending task is opened on its page's (stored, menu) route with the query
 * `disableSubmit=false&visible=true` and the task record in the navigation state. The page opens
 * its form on the record (editable; with `disableSubmit=true` read-only) and then drops the
 * query, so that closing the form, going back or pressing F5 does not open it again.
 */
export type TaskRecord = { id: string };
export type TaskLink = { to: To; state: { record: TaskRecord } };
export type OpenTask = { record: TaskRecord; disableSubmit: boolean };

const VISIBLE = 'visible';
const DISABLE_SUBMIT = 'disableSubmit';

/** Where a pending task's 处理 leads: its page, the two query params and the record. */
export function taskLink(path: string, record: TaskRecord, disableSubmit = false): TaskLink {
  const search = new URLSearchParams({ [DISABLE_SUBMIT]: String(disableSubmit), [VISIBLE]: 'true' });
  return { to: { pathname: path, search: `?${search}` }, state: { record } };
}

function recordOf(state: unknown): TaskRecord | null {
  const record = (state as { record?: unknown } | null)?.record as { id?: unknown } | undefined;
  return record && typeof record.id === 'string' && record.id ? { id: record.id } : null;
}

/**
 * The task this page was opened with (null without `visible=true` and a record), and `done()`,
 * which removes the task query and state from the current history entry (other params stay).
 */
export function useOpenTask(): { task: OpenTask | null; done: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const record = recordOf(location.state);
  const recordId = record?.id;
  const wanted = params.get(VISIBLE) === 'true';
  const disableSubmit = params.get(DISABLE_SUBMIT) !== 'false';
  const task = useMemo(
    () => (wanted && recordId ? { record: { id: recordId }, disableSubmit } : null),
    [wanted, recordId, disableSubmit],
  );
  const done = useCallback(() => {
    const rest = new URLSearchParams(params);
    rest.delete(VISIBLE);
    rest.delete(DISABLE_SUBMIT);
    const search = rest.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, state: null });
  }, [navigate, params, location.pathname]);
  return { task, done };
}
