import { describe, expect, it } from 'vitest';
import { NavigationType, type Location } from 'react-router';
import { EMPTY_CACHE, reconcileCache, type PageCache } from './keep-alive-cache';

const loc = (path: string, key = path): Location => {
  const [pathname, search = ''] = path.split('?');
  return { pathname, search: search ? `?${search}` : '', hash: '', state: null, key };
};
const visit = (cache: PageCache, key: string, opts: { replace?: boolean; keys?: string[]; locKey?: string } = {}) =>
  reconcileCache(cache, {
    activeKey: key,
    element: key,
    location: loc(key, opts.locKey),
    navigationType: opts.replace ? NavigationType.Replace : NavigationType.Push,
    keys: opts.keys ?? [key],
  });

describe('keep-alive cache', () => {
  it('adds pages with new ids and returns the same cache when nothing changed', () => {
    const a = visit(EMPTY_CACHE, '/a');
    const b = visit(a, '/b', { keys: ['/a', '/b'] });
    expect(b.pages.map((p) => [p.key, p.id])).toEqual([
      ['/a', 1],
      ['/b', 2],
    ]);
    const again = visit(b, '/b', { keys: ['/a', '/b'] });
    expect(again).toBe(b);
  });

  it('drops pages whose tab closed', () => {
    const c = visit(visit(visit(EMPTY_CACHE, '/a'), '/b', { keys: ['/a', '/b'] }), '/c', { keys: ['/a', '/b', '/c'] });
    expect(visit(c, '/c', { keys: ['/c'] }).pages.map((p) => p.key)).toEqual(['/c']);
  });

  it('keeps the id when a page replaces its own query', () => {
    const a = visit(EMPTY_CACHE, '/list');
    const r = visit(a, '/list?page=2', { replace: true, keys: ['/list'] });
    expect(r.pages).toHaveLength(1);
    expect(r.pages[0]).toMatchObject({ key: '/list?page=2', id: 1 });
  });

  it('a pushed query change is a new page', () => {
    const a = visit(EMPTY_CACHE, '/list');
    const r = visit(a, '/list?page=2', { keys: ['/list', '/list?page=2'] });
    expect(r.pages.map((p) => p.id)).toEqual([1, 2]);
  });
});
