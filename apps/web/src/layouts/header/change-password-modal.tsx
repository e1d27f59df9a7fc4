import { Modal, App } from 'antd';
import { ChangePasswordForm } from '../../shared/session/change-password-form';
import { useSession } from '../../shared/session/session-store';

/** 修改密码 after login (SPEC sections 4 and 5). */
export default function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const username = useSession((s) => s.userInfo?.username);
  const { message } = App.useApp();
  return (
    <Modal
      title="修改密码"
      open={open && Boolean(username)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={440}
      maskClosable={false}
    >
      <ChangePasswordForm
        username={username}
        onCancel={onClose}
        onSuccess={({ message: text }) => {
          message.success(text);
          onClose();
        }}
      />
    </Modal>
  );
}
