import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../test-support/jsdom-stubs';
import { renderUi } from '../test-support/render-ui';
import { Avatar } from './avatar';

describe('Avatar', { timeout: 20_000 }, () => {
  it('shows the user icon without a picture, labelled 无<alt>', () => {
    renderUi(<Avatar size={36} shape="square" alt="头像" preview />);
    expect(screen.getByRole('img', { name: '无头像' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull(); // nothing to preview
  });

  it('shows the picture at its size; without preview it is no button', () => {
    const { container } = renderUi(<Avatar src="/a.png" size={24} alt="" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/a.png');
    expect((img.parentElement as HTMLElement).style.width).toBe('24px');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("opens antd's preview of the picture on click (its script loaded then) and closes it again", async () => {
    renderUi(<Avatar src="/api/sys/common/static/avatar/a.png" size={36} shape="square" alt="头像" preview />);
    expect(document.querySelector('.ant-image-preview')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /头像/ }));
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')).toBeTruthy());
    expect(document.querySelector('.ant-image-preview img')!.getAttribute('src')).toBe(
      '/api/sys/common/static/avatar/a.png',
    );
    fireEvent.keyDown(window, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).toBeNull());
    // and opens again
    fireEvent.click(screen.getByRole('button', { name: /头像/ }));
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')).toBeTruthy());
  });
});
