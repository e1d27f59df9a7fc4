import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { bindErrorPresenter } from '../shared/http/error-presenter';
import { logout } from '../shared/session/logout';
import { staticFeedback } from './static-feedback';
import { useThemeConfig } from '../layouts/settings-drawer/use-theme-config';

bindErrorPresenter({
  ui: staticFeedback,
  logout,
  reload: () => window.location.reload(),
});

/** antd (zh_CN, theme from the settings); static notices share the same theme. TanStack Query: app/app-root. */
export function Providers({ children }: { children: ReactNode }) {
  const theme = useThemeConfig();
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (node) => (
        <ConfigProvider locale={zhCN} theme={theme}>
          {node}
        </ConfigProvider>
      ),
    });
  }, [theme]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
