import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi } from '../../shared/ui/test-support/render-ui';
import { UserAvatar } from './user-columns';

describe('the 头像 column', { timeout: 20_000 }, () => {
  it('shows the user icon, labelled 无头像, without a picture', () => {
    renderUi(<UserAvatar path={null} />);
    expect(screen.getByRole('img', { name: '无头像' })).toBeTruthy();
  });

  it("shows the picture and opens antd's preview of it on click", async () => {
    renderUi(<UserAvatar path="avatar/a.png" />);
    const img = screen.getByRole('img', { name: '头像' });
    expect(img.getAttribute('src')).toBe('/api/sys/common/static/avatar/a.png');
    fireEvent.click(img);
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')).toBeTruthy());
    expect(document.querySelector('.ant-image-preview img')!.getAttribute('src')).toBe(
      '/api/sys/common/static/avatar/a.png',
    );
  });
});
