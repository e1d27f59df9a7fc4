import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import './jsdom-stubs';

/** antd without runtime CSS (jsdom's getComputedStyle, used by role queries, stays fast) and without motion. */
export const TEST_THEME = { zeroRuntime: true, token: { motion: false } } as const;

// Messages, notifications and dialogs (shared/ui/feedback) render outside the tree: same locale and theme.
ConfigProvider.config({
  holderRender: (node) => (
    <ConfigProvider locale={zhCN} theme={TEST_THEME}>
      {node}
    </ConfigProvider>
  ),
});

/** Renders inside a fresh QueryClient and antd's zh_CN locale, as the app and its layouts do. */
export function renderUi(ui: ReactElement): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN} theme={TEST_THEME}>
        {ui}
      </ConfigProvider>
    </QueryClientProvider>,
  );
}
