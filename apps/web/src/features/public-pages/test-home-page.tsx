import { useState } from 'react';
import { Col, Empty, Row } from 'antd';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import LoginOutlined from '@ant-design/icons/LoginOutlined';
import { PageHeader } from '../../shared/ui/page-header';
import { DEMO_GROUPS, visibleDemos } from './demos/demo-catalogue';

/** /test/home: the public showcase of the reusable components (SPEC section 2), no login needed. */
export default function TestHomePage() {
  const [tab, setTab] = useState('all');
  const [term, setTerm] = useState('');
  const demos = visibleDemos(tab, term);
  return (
    <>
      <PageHeader
        title="组件示例"
        logo="/logo.svg"
        avatar="/logo.svg"
        description="LIMS 管理平台的通用界面组件，无需登录即可查看和试用。页头本身也是组件：标题、图标、头像、描述、链接、搜索框与标签页。"
        linkList={[
          { title: '登录', href: '/user/login', icon: <LoginOutlined /> },
          { title: '首页', href: '/dashboard/analysis', icon: <HomeOutlined /> },
        ]}
        onSearch={setTerm}
        tabs={DEMO_GROUPS}
        activeTab={tab}
        onTabChange={setTab}
      />
      {demos.length === 0 ? (
        <Empty description={`没有与「${term}」相关的组件`} />
      ) : (
        <Row gutter={[16, 16]}>
          {demos.map(({ key, Component, wide }) => (
            <Col key={key} xs={24} xl={wide ? 24 : 12}>
              <Component />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
