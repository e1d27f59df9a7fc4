import { describe, expect, it } from 'vitest';
import { buildTree, withDescendants } from './tree';

type Row = { id: string; parentId: string | null; sort: number };
type Node = { id: string; root: boolean; children?: Node[] };
const row = (id: string, parentId: string | null, sort = 0): Row => ({ id, parentId, sort });
const toNode = (r: Row, children: Node[], root: boolean): Node => ({
  id: r.id,
  root,
  ...(children.length ? { children } : {}),
});

describe('buildTree', () => {
  it('nests by parent in compare order (row order without one) and shows orphans as roots', () => {
    const rows = [row('b', 'a', 2), row('a', null, 1), row('c', 'a', 1), row('o', 'missing', 0)];
    expect(buildTree(rows, toNode, (x, y) => x.sort - y.sort)).toEqual([
      { id: 'o', root: true },
      {
        id: 'a',
        root: true,
        children: [
          { id: 'c', root: false },
          { id: 'b', root: false },
        ],
      },
    ]);
    expect(buildTree(rows, toNode).map((n) => n.id)).toEqual(['a', 'o']);
  });

  it('shows rows caught in a parent cycle, never loops, and finds descendants', () => {
    const cyclic = [row('x', 'y'), row('y', 'x'), row('z', 'x'), row('s', 's')];
    expect(buildTree(cyclic, toNode)).toEqual([
      { id: 's', root: true },
      {
        id: 'x',
        root: true,
        children: [
          { id: 'y', root: false },
          { id: 'z', root: false },
        ],
      },
    ]);
    expect([...withDescendants(cyclic, ['x'])].sort()).toEqual(['x', 'y', 'z']);
  });
});
