import { Button, Result } from 'antd';
import { useMatches } from 'react-router';
import { isRouteHandle } from '../../shared/menu/route-handle';
import { isHttpUrl } from '../../shared/menu/url-placeholders';

/** A menu entry that shows an external page (layouts/IframePageView). */
export default function IframePage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle;
  const url = isRouteHandle(handle) ? handle.url : undefined;
  if (!url || !isHttpUrl(url)) {
    return <Result status="warning" title="页面地址无效" subTitle="该菜单没有配置有效的页面地址，请联系系统管理员。" />;
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: 'calc(100vh - 160px)' }}>
      <div>
        <Button href={url} target="_blank" rel="noopener noreferrer">
          在新窗口打开
        </Button>
      </div>
      <iframe
        title={handle && isRouteHandle(handle) ? handle.title : url}
        src={url}
        style={{ flex: 1, border: 0, width: '100%' }}
      />
    </div>
  );
}
