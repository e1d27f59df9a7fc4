import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Tag } from './tag';

describe('<Tag>', () => {
  it('shows its text with its colour (default grey when none)', () => {
    render(
      <>
        <Tag color="processing">进行中</Tag>
        <Tag>按钮</Tag>
      </>,
    );
    const processing = screen.getByText('进行中');
    expect(processing.hasAttribute('data-tag')).toBe(true);
    expect(processing.dataset.color).toBe('processing');
    expect(screen.getByText('按钮').dataset.color).toBe('default');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('passes style, title and clicks on', () => {
    const onClick = vi.fn();
    render(
      <Tag color="blue" title="规则" style={{ marginLeft: 6, cursor: 'pointer' }} onClick={onClick}>
        数据规则
      </Tag>,
    );
    const tag = screen.getByText('数据规则');
    expect(tag.title).toBe('规则');
    expect(tag.style.marginLeft).toBe('6px');
    fireEvent.click(tag);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('closable: the × (关闭) calls onClose by click, Enter or Space, without clicking the tag', () => {
    const onClose = vi.fn();
    const onClick = vi.fn();
    render(
      <Tag closable onClose={onClose} onClick={onClick}>
        用户3
      </Tag>,
    );
    const close = screen.getByRole('button', { name: '关闭' });
    expect(close.tabIndex).toBe(0);
    fireEvent.click(close);
    fireEvent.keyDown(close, { key: 'Enter' });
    fireEvent.keyDown(close, { key: ' ' });
    fireEvent.keyDown(close, { key: 'a' });
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(onClick).not.toHaveBeenCalled();
  });
});
