import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '@lims/contracts';
import { commandItems, searchCommands } from './command-search';

const e = (path: string, title: string, children?: MenuEntry[]): MenuEntry => ({
  id: path,
  path,
  name: path,
  component: '',
  route: '1',
  meta: { title, keepAlive: false },
  children,
});

const menu = [
  e('/dashboard/analysis', '首页'),
  e('/isystem', '系统管理', [e('/isystem/user', '用户管理'), e('/isystem/role', '角色管理')]),
];

describe('command palette search', () => {
  it('lists leaf pages with their trail', () => {
    expect(commandItems(menu)).toEqual([
      { path: '/dashboard/analysis', title: '首页', trail: '首页' },
      { path: '/isystem/user', title: '用户管理', trail: '系统管理 / 用户管理' },
      { path: '/isystem/role', title: '角色管理', trail: '系统管理 / 角色管理' },
    ]);
  });

  it('matches every word against trail and path', () => {
    const items = commandItems(menu);
    expect(searchCommands(items, '用户').map((i) => i.path)).toEqual(['/isystem/user']);
    expect(searchCommands(items, '系统 role').map((i) => i.path)).toEqual(['/isystem/role']);
    expect(searchCommands(items, '  ')).toHaveLength(3);
    expect(searchCommands(items, 'nothing')).toEqual([]);
  });
});
