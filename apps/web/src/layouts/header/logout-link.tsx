import { App } from 'antd';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import { logoutAndReload } from '../../shared/session/logout';
import { PRESSABLE } from '../../shared/ui/pressable';

/** 退出登录 with SPEC's confirmation (提示 / 真的要注销登录吗 ?). */
export function LogoutLink({ compact = false }: { compact?: boolean }) {
  const { modal } = App.useApp();
  const confirm = () => {
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: () => logoutAndReload(),
    });
  };
  return (
    <a
      role="button"
      aria-label={compact ? '退出登录' : undefined}
      onClick={confirm}
      {...PRESSABLE}
      style={{ whiteSpace: 'nowrap' }}
    >
      <LogoutOutlined /> {!compact && <span>退出登录</span>}
    </a>
  );
}
