import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../test-support/jsdom-stubs';
import { HoverTooltip } from './hover-tooltip';

describe('<HoverTooltip>', () => {
  it('shows the text with no tooltip until the pointer enters, then the title; leaving hides it', async () => {
    const { container } = render(<HoverTooltip title="W1234567890123456789 全部编号" text="W12345…" />);
    expect(container.textContent).toBe('W12345…');
    expect(document.querySelector('.ant-tooltip')).toBeNull();

    fireEvent.mouseEnter(screen.getByText('W12345…'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('W1234567890123456789 全部编号');

    fireEvent.mouseLeave(screen.getByText('W12345…'));
    await waitFor(() => expect(document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')).toBeNull());
  });
});
