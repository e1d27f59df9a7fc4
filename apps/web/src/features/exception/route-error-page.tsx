import { Button } from 'antd';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../shared/ui/chunk-load';

function describe(error: unknown): { title: string; text: string } {
  if (isChunkLoadError(error)) {
    return {
      title: '页面资源加载失败',
      text: `${error instanceof Error ? error.message : ''}：网络不稳定或系统已更新，请重新加载页面。`,
    };
  }
  if (isRouteErrorResponse(error))
    return { title: `${error.status} ${error.statusText}`, text: '请求的页面无法打开。' };
  return { title: '页面出错了', text: error instanceof Error ? error.message : '发生了未知错误' };
}

/** Any error thrown while loading or rendering a route: a clear message and a reload action. */
export function RouteErrorPage() {
  const { title, text } = describe(useRouteError());
  return (
    <div role="alert" style={{ padding: '64px 24px', textAlign: 'center' }}>
      <ExclamationCircleOutlined style={{ fontSize: 56, color: '#faad14' }} />
      <h2 style={{ margin: '24px 0 8px', fontSize: 22, fontWeight: 500 }}>{title}</h2>
      <p style={{ margin: '0 0 24px', color: 'rgba(0,0,0,0.55)' }}>{text}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </div>
  );
}
