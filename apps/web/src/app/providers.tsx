import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { bindErrorPresenter } from '../shared/http/error-presenter';
import { logout } from '../shared/session/logout';
import { AppFeedbackBridge, NOTIFICATION_CONFIG } from '../shared/ui/app-feedback';
import { staticFeedback } from './static-feedback';
import { useThemeConfig } from '../layouts/settings-drawer/use-theme-config';

// antd's pickers take their texts from ConfigProvider (zh_CN) and the week from dayjs: weeks start on Monday.
dayjs.locale('zh-cn');

bindErrorPresenter({
  ui: staticFeedback,
  logout,
  reload: () => window.location.reload(),
});

/**
 * antd (zh_CN, theme from the settings) and its <App>: messages, notifications and dialogs through
 * `App.useApp()`, for code outside components through shared/ui/app-feedback. TanStack Query: app/app-root.
 */
export function Providers({ children }: { children: ReactNode }) {
  const theme = useThemeConfig();
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <App component={false} notification={NOTIFICATION_CONFIG}>
        <AppFeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
