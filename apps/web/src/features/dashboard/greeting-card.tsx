import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Descriptions, Typography } from 'antd';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { currentUserDepartsQuery } from '../../shared/session/session-api';
import { useSession } from '../../shared/session/session-store';
import { greeting } from '../../shared/ui/greeting';
import { imageUrl } from '../../shared/ui/upload-field/upload-types';

/** The greeting card: who is signed in and in which department, from the server's own data. */
export function GreetingCard() {
  const user = useSession((s) => s.userInfo);
  const departs = useQuery(currentUserDepartsQuery());
  const current = departs.data?.orgCode ?? user?.orgCode ?? null;
  const departName = departs.data?.list.find((d) => d.orgCode === current)?.departName;

  return (
    <Card>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <Avatar size={64} icon={<UserOutlined />} src={user?.avatar ? imageUrl(user.avatar) : undefined} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {greeting()}，{user?.realname ?? user?.username}，祝你开心每一天！
          </Typography.Title>
          <Typography.Text type="secondary">欢迎使用 LIMS 管理平台</Typography.Text>
        </div>
      </div>
      <Descriptions style={{ marginTop: 16 }} column={{ xs: 1, sm: 2, lg: 4 }} size="small">
        <Descriptions.Item label="用户账号">{user?.username}</Descriptions.Item>
        <Descriptions.Item label="姓名">{user?.realname}</Descriptions.Item>
        <Descriptions.Item label="当前部门">{departName ?? current ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{user?.email || '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
