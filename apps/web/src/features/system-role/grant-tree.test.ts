import { describe, expect, it } from 'vitest';
import type { RoleTreeNode } from '@lims/contracts';
import { indexTree, sameKeys, toggleGrant } from './grant-tree';

const node = (key: string, children?: RoleTreeNode[]): RoleTreeNode => ({
  key,
  title: key,
  isLeaf: !children,
  icon: null,
  parentId: null,
  menuType: children ? 1 : 2,
  ruleFlag: false,
  ...(children ? { children } : {}),
});
const TREE = [node('a', [node('a1', [node('a1x'), node('a1y')]), node('a2')]), node('b', [node('b1')])];
const index = indexTree(TREE);

describe('grant tree', () => {
  it('indexes every key in tree order and the keys with children', () => {
    expect(index.allKeys).toEqual(['a', 'a1', 'a1x', 'a1y', 'a2', 'b', 'b1']);
    expect(index.branchKeys).toEqual(['a', 'a1', 'b']);
  });

  it('linked: checking takes the subtree and the ancestors; unchecking drops the subtree only', () => {
    expect(toggleGrant([], 'a1x', true, true, index)).toEqual(['a', 'a1', 'a1x']);
    expect(toggleGrant([], 'a1', true, true, index)).toEqual(['a', 'a1', 'a1x', 'a1y']);
    expect(toggleGrant(['a', 'a1', 'a1x', 'a1y', 'a2'], 'a1', false, true, index)).toEqual(['a', 'a2']);
  });

  it('unlinked: only the node itself', () => {
    expect(toggleGrant(['b'], 'a1x', true, false, index)).toEqual(['a1x', 'b']);
    expect(toggleGrant(['a', 'a1', 'a1x'], 'a', false, false, index)).toEqual(['a1', 'a1x']);
  });

  it('sameKeys ignores order', () => {
    expect(sameKeys(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameKeys(['a'], ['a', 'b'])).toBe(false);
  });
});
