import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import './jsdom-stubs';

/**
 * Renders inside a fresh QueryClient, antd's zh_CN locale and <App> (for App.useApp messages), as
 * the app and its layouts do.
 * zeroRuntime: antd injects no CSS, so jsdom's getComputedStyle (used by role queries) stays fast.
 */
export function renderUi(ui: ReactElement): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
        <App>{ui}</App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}
