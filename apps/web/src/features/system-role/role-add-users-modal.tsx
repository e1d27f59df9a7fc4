import { App } from 'antd';
import { ROLE_MSG } from '@lims/contracts';
import { reportError } from '../../shared/list-page/report-error';
import { UserPickerModal } from '../../shared/ui/user-picker/user-picker-modal';
import { useAddRoleUsers } from './api';

/**
 * 添加已有用户: the shared user picker's 选择用户 dialog; 确定 links the chosen users to the role
 * (users already in it are left as they are). Opened fresh each time, so nothing stays chosen.
 */
export function RoleAddUsersModal({ roleId, open, onClose }: { roleId: string; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const add = useAddRoleUsers(roleId);
  if (!open) return null;
  return (
    <UserPickerModal
      open
      multiple
      initial={[]}
      onCancel={onClose}
      onOk={(users) => {
        if (users.length === 0) {
          message.warning(ROLE_MSG.usersRequired);
          return;
        }
        add.mutateAsync(users.map((u) => u.id)).then(
          (text) => {
            message.success(text);
            onClose();
          },
          (err: unknown) => reportError(err, message),
        );
      }}
    />
  );
}
