import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '../ui/test-support/render-ui';
import { grant, renderPage } from './test-utils';
import { RowActions, type RowAction } from './row-actions';

const act = (key: string, extra: Partial<RowAction> = {}): RowAction => ({
  key,
  label: key,
  onClick: vi.fn(),
  ...extra,
});
const cellText = (container: HTMLElement) => container.querySelector('span')!.textContent.replace(/\s+/g, '');
const four = ['编辑', '详情', '复制新增', '删除'].map((k) => act(k));
const inlineTexts = () => [...document.querySelectorAll('span > a[role=button]')].map((a) => a.textContent?.trim());

describe('RowActions', () => {
  it('keeps actions marked `more` in the 更多 dropdown, the others inline', async () => {
    grant();
    const { container } = renderPage(
      <RowActions actions={[act('编辑'), act('删除', { more: true }), act('查看', { more: true })]} />,
    );
    expect(cellText(container)).toBe('编辑更多');
    expect(screen.getAllByRole('separator')).toHaveLength(1);
    expect(screen.getByRole('separator').getAttribute('aria-orientation')).toBe('vertical');
    fireEvent.mouseEnter(screen.getByText('更多'));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['删除', '查看']);
  });

  it('shows only 更多 (no leading divider) when every visible action is marked `more`', () => {
    grant();
    const { container } = renderPage(
      <RowActions actions={[act('编辑', { code: 'x:edit' }), act('查看', { more: true })]} />,
    );
    expect(cellText(container)).toBe('更多');
    expect(screen.queryByRole('separator')).toBeNull();
  });

  it('shows up to three actions; with more, two and 更多', () => {
    const view = renderUi(<RowActions actions={four.slice(0, 3)} />);
    expect(inlineTexts()).toEqual(['编辑', '详情', '复制新增']);
    expect(screen.getAllByRole('separator')).toHaveLength(2);
    view.unmount();
    renderUi(<RowActions actions={four} />);
    expect(inlineTexts()).toEqual(['编辑', '详情', '更多']);
  });

  it('with inline=1: `编辑 | 更多 ▾` holding the others', async () => {
    renderUi(<RowActions actions={four} inline={1} />);
    expect(inlineTexts()).toEqual(['编辑', '更多']);
    fireEvent.mouseEnter(screen.getByText('更多'));
    for (const item of ['详情', '复制新增', '删除'])
      expect(await screen.findByRole('menuitem', { name: item })).toBeTruthy();
  });
});
