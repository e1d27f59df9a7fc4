import { useState } from 'react';
import { App, Card, Grid, Tabs } from 'antd';
import { ChangePasswordForm } from '../../shared/session/change-password-form';
import { useSession } from '../../shared/session/session-store';
import { BaseInfoForm } from './base-info-form';
import { DeviceList } from './device-list';
import styles from './account-settings.module.css';

/** The same change-password form the header's 修改密码 dialog shows (the server then ends the other sessions). */
function PasswordPane() {
  const username = useSession((s) => s.userInfo?.username);
  const { message } = App.useApp();
  return (
    <div className={styles.password}>
      <ChangePasswordForm username={username} onSuccess={({ message: text }) => void message.success(text)} />
    </div>
  );
}

/** 个人设置 (/account/settings/base, JeecgBoot's 个人页): 基本信息, 修改密码, 我的登录设备. */
export default function AccountSettingsPage() {
  const [tab, setTab] = useState('base');
  // Narrow screens (below md, 768 px): the tabs go on top of the content instead of beside it.
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Card className={styles.card} title="个人设置">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        tabPlacement={wide ? 'start' : 'top'}
        destroyOnHidden
        items={[
          { key: 'base', label: '基本信息', children: <BaseInfoForm /> },
          { key: 'password', label: '修改密码', children: <PasswordPane /> },
          { key: 'devices', label: '我的登录设备', children: <DeviceList /> },
        ]}
      />
    </Card>
  );
}
