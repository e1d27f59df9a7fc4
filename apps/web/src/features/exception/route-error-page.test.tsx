import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ChunkLoadError } from '../../shared/ui/chunk-load';
import '../../shared/ui/test-support/jsdom-stubs';
import { RouteErrorPage } from './route-error-page';

function renderFailing(error: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: () => null,
      loader: () => {
        throw error;
      },
      element: <div>never</div>,
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('route error page', { timeout: 20_000 }, () => {
  it('a page script that failed to load shows 页面资源加载失败 with 重新加载', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailing(new ChunkLoadError('页面资源加载超时（120 秒）'));
    expect(await screen.findByText('页面资源加载失败')).toBeTruthy();
    expect(screen.getByText(/页面资源加载超时（120 秒）：网络不稳定或系统已更新，请重新加载页面。/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('any other error shows 页面出错了 and its message', async () => {
    renderFailing(new Error('数据格式不对'));
    expect(await screen.findByText('页面出错了')).toBeTruthy();
    expect(screen.getByText('数据格式不对')).toBeTruthy();
  });
});
