import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Skeleton, Tag, Tooltip, Typography } from 'antd';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import { ACCOUNT_MSG, type AccountSession } from '@lims/contracts';
import { accountKeys, revokeOtherSessions, revokeSession, sessionsQuery } from './account-api';
import { summarizeUserAgent } from './user-agent';
import styles from './account-settings.module.css';

function DeviceItem({ session, onRevoke, busy }: { session: AccountSession; onRevoke: () => void; busy: boolean }) {
  const device = summarizeUserAgent(session.userAgent);
  const Icon = device.mobile ? MobileOutlined : DesktopOutlined;
  const action = session.current ? null : (
    <Popconfirm
      title="确定下线该设备吗？"
      description="该设备需要重新登录"
      okText="确定"
      cancelText="取消"
      onConfirm={onRevoke}
    >
      <Button size="small" danger loading={busy}>
        下线
      </Button>
    </Popconfirm>
  );
  return (
    <li className={styles.device} data-testid="device">
      <Icon className={styles.deviceIcon} aria-hidden />
      <div className={styles.deviceBody}>
        <div className={styles.deviceTitle}>
          <Tooltip title={session.userAgent ?? '未知'}>
            <span>
              {device.browser} · {device.os}
            </span>
          </Tooltip>
          {session.current && <Tag color="green">当前设备</Tag>}
        </div>
        <div className={styles.deviceFacts}>
          <span>登录时间：{session.createdAt}</span>
          <span>最近活动：{session.lastSeenAt}</span>
          <span>IP 地址：{session.ip ?? '未知'}</span>
        </div>
      </div>
      {action}
    </li>
  );
}

/** 我的登录设备: the user's live sessions; 下线 ends one other session, 退出其他设备 all of them. */
export function DeviceList() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });

  const revokeOne = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => message.success(ACCOUNT_MSG.sessionRevoked),
    onSettled: () => void refresh(),
  });
  const revokeOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: ({ count }) => message.success(ACCOUNT_MSG.othersRevoked(count)),
    onSettled: () => void refresh(),
  });

  if (sessions.isPending) return <Skeleton active />;
  if (sessions.isError) return <Alert type="error" showIcon title={`登录设备加载失败：${sessions.error.message}`} />;
  const list = sessions.data;
  const others = list.filter((s) => !s.current).length;

  const confirmOthers = () => {
    modal.confirm({
      title: '退出其他设备',
      content: `确定让其他 ${others} 个设备退出登录吗？它们需要重新登录。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => revokeOthers.mutateAsync(),
    });
  };

  return (
    <div>
      <div className={styles.deviceToolbar}>
        <Typography.Text type="secondary">共 {list.length} 个设备在登录</Typography.Text>
        <Button danger disabled={others === 0} loading={revokeOthers.isPending} onClick={confirmOthers}>
          退出其他设备
        </Button>
      </div>
      <ul className={styles.devices} aria-label="登录设备">
        {list.map((s) => (
          <DeviceItem
            key={s.id}
            session={s}
            busy={revokeOne.isPending && revokeOne.variables === s.id}
            onRevoke={() => revokeOne.mutate(s.id)}
          />
        ))}
      </ul>
    </div>
  );
}
