import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import './jsdom-stubs';

/** antd without runtime CSS (jsdom's getComputedStyle, used by role queries, stays fast) and without motion. */
export const TEST_THEME = { zeroRuntime: true, token: { motion: false } } as const;

/** Renders inside a fresh QueryClient, antd's zh_CN locale and antd's <App> (messages, dialogs), as the app does. */
export function renderUi(ui: ReactElement): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN} theme={TEST_THEME}>
        <App component={false}>{ui}</App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}
