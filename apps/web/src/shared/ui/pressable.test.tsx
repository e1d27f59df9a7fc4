import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PRESSABLE } from './pressable';

describe('PRESSABLE', () => {
  it('puts the element in the tab order and presses it with Enter and Space', () => {
    const onClick = vi.fn();
    render(
      <a role="button" {...PRESSABLE} onClick={onClick}>
        编辑
      </a>,
    );
    const link = screen.getByRole('button', { name: '编辑' });
    expect(link.tabIndex).toBe(0);
    fireEvent.keyDown(link, { key: 'Enter' });
    fireEvent.keyDown(link, { key: ' ' });
    fireEvent.keyDown(link, { key: 'a' });
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
