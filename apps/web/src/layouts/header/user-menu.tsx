import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Avatar, Dropdown } from 'antd';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { MSG } from '@lims/contracts';
import { storage } from '../../shared/storage/storage';
import { USER_NAME } from '../../shared/storage/storage-keys';
import { useSession } from '../../shared/session/session-store';
import { welcomeName } from './welcome-text';
import styles from './header.module.css';
import { useKeyboardDropdown } from '../../shared/ui/pressable';
import { imageUrl } from '../../shared/ui/upload-field/upload-types';

import ChangePasswordModal from './change-password-modal';
import DepartSelectModal from './depart-select-modal';

type Dialog = 'password' | 'depart' | null;

/** 个人设置 (REFERENCE: JeecgBoot's /account/settings/base). */
export const ACCOUNT_SETTINGS_PATH = '/account/settings/base';

/** Avatar with 欢迎您，<real name>; the dropdown opens 个人设置, 修改密码 and 切换部门. */
export function UserMenu({ showName }: { showName: boolean }) {
  const user = useSession((s) => s.userInfo);
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  const keyboard = useKeyboardDropdown();

  const open = (key: string) => {
    if (key === 'password') {
      if (!user?.username && !storage.get<string>(USER_NAME)) {
        message.warning(MSG.noLoginUser);
        return;
      }
      setDialog('password');
    }
    if (key === 'depart') setDialog('depart');
    if (key === 'settings') void navigate(ACCOUNT_SETTINGS_PATH);
  };

  return (
    <>
      <Dropdown
        {...keyboard.dropdown}
        menu={{
          items: [
            { key: 'settings', icon: <SettingOutlined />, label: '个人设置' },
            { key: 'password', icon: <LockOutlined />, label: '修改密码' },
            { key: 'depart', icon: <ApartmentOutlined />, label: '切换部门' },
          ],
          onClick: ({ key }) => open(key),
        }}
      >
        <span
          className={styles.action}
          role="button"
          aria-label={showName ? undefined : '个人菜单'}
          {...keyboard.trigger}
          data-testid="user-menu"
        >
          <Avatar src={user?.avatar ? imageUrl(user.avatar) : undefined} size={24} icon={<UserOutlined />} />
          {showName && <span className={styles.text}>欢迎您，{welcomeName(user)}</span>}
        </span>
      </Dropdown>
      {dialog === 'password' && <ChangePasswordModal open onClose={() => setDialog(null)} />}
      {dialog === 'depart' && <DepartSelectModal open onClose={() => setDialog(null)} />}
    </>
  );
}
