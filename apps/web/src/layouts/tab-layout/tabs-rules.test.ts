import { describe, expect, it } from 'vitest';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  initialTabs,
  menuState,
  MSG_HOME_CLOSE,
  MSG_LAST_TAB,
  openTab,
  renameActive,
  type TabsState,
} from './tabs-rules';

const H = '/dashboard/analysis';
const keys = (s: TabsState) => s.tabs.map((t) => t.key);
const open = (...paths: string[]) => paths.reduce((s, p) => openTab(s, { key: p, title: p }), initialTabs());

describe('tabs rules', () => {
  it('starts with the home tab and opens tabs keyed by full path', () => {
    const s = open('/a', '/a?x=1', '/a');
    expect(keys(s)).toEqual([H, '/a', '/a?x=1']);
    expect(s.active).toBe('/a');
  });

  it('refuses to close the home tab', () => {
    const s = open('/a');
    expect(closeTab(s, H)).toEqual({ state: s, warning: MSG_HOME_CLOSE });
  });

  it('refuses to close the last tab', () => {
    const only = { tabs: [{ key: '/a', title: 'a' }], active: '/a' };
    expect(closeTab(only, '/a')).toEqual({ state: only, warning: MSG_LAST_TAB });
    const home = initialTabs();
    expect(closeTab(home, H)).toEqual({ state: home, warning: MSG_LAST_TAB });
  });

  it('closing the active tab activates its left neighbour', () => {
    const s = open('/a', '/b', '/c');
    const { state } = closeTab({ ...s, active: '/b' }, '/b');
    expect(keys(state)).toEqual([H, '/a', '/c']);
    expect(state.active).toBe('/a');
    expect(closeTab(s, '/a').state.active).toBe('/c');
  });

  it('close left / right / others keep the home tab', () => {
    const s = open('/a', '/b', '/c', '/d');
    expect(keys(closeLeft(s, '/c'))).toEqual([H, '/c', '/d']);
    expect(keys(closeRight(s, '/b'))).toEqual([H, '/a', '/b']);
    expect(keys(closeOthers(s, '/b'))).toEqual([H, '/b']);
    expect(closeOthers(s, '/b').active).toBe('/b');
    expect(closeRight(s, '/b').active).toBe('/b');
    expect(keys(closeAll(s))).toEqual([H]);
  });

  it('close left/right keep the active tab when it survives', () => {
    const s = { ...open('/a', '/b', '/c'), active: '/c' };
    expect(closeLeft(s, '/b').active).toBe('/c');
    expect(closeRight(s, '/a').active).toBe('/a');
  });

  it('renames the active tab when its URL is replaced in place', () => {
    const s = open('/list');
    const r = renameActive(s, { key: '/list?page=2', title: 'list' });
    expect(keys(r)).toEqual([H, '/list?page=2']);
    expect(r.active).toBe('/list?page=2');
  });

  it('关闭其它 on the home tab leaves only the home tab, active', () => {
    const s = open('/a', '/b');
    const r = closeOthers(s, H);
    expect(keys(r)).toEqual([H]);
    expect(r.active).toBe(H);
  });

  it('the menu enables only the entries that would close something', () => {
    const s = open('/a', '/b');
    expect(menuState(s, H)).toEqual({
      refresh: true,
      closeLeft: false,
      closeRight: true,
      closeOthers: true,
      closeAll: true,
    });
    expect(menuState(s, '/a')).toEqual({
      refresh: true,
      closeLeft: false,
      closeRight: true,
      closeOthers: true,
      closeAll: true,
    });
    expect(menuState(s, '/b')).toMatchObject({ closeLeft: true, closeRight: false });
    expect(menuState(initialTabs(), H)).toEqual({
      refresh: true,
      closeLeft: false,
      closeRight: false,
      closeOthers: false,
      closeAll: false,
    });
  });
});
