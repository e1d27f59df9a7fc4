import { Outlet } from 'react-router';
import { Layout } from 'antd';
import { Logo } from '../../shared/ui/logo';

/** /test: a public frame for the component showcase. */
export default function TestLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', paddingInline: 8 }}>
        <Logo />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
