import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useSession } from '../session/session-store';
import { Can } from './can';

const item = (action: string, status = '1') => ({ action, status, type: '1', describe: action });

describe('<Can>', () => {
  it('renders children only with the permission', () => {
    useSession.setState({ auth: [item('user:add')], allAuth: [item('user:add'), item('user:delete')] });
    render(
      <>
        <Can code="user:add">
          <button type="button">添加用户</button>
        </Can>
        <Can code="user:delete" fallback={<span>无权限</span>}>
          <button type="button">删除</button>
        </Can>
      </>,
    );
    expect(screen.getByRole('button', { name: '添加用户' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByText('无权限')).toBeTruthy();
  });
});
