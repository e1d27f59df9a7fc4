import { Spin } from 'antd';

/** Full-area spinner while a page or the session loads. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, height: '100%' }}>
      <Spin size="large" />
    </div>
  );
}
