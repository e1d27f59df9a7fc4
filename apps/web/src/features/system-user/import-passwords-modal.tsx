import { Alert, Modal, Table } from 'antd';

import type { ImportedPassword as Row } from './imported-passwords';

/**
 * After 导入: each imported user's generated initial password, shown this once (the server keeps only
 * the hash); the users must change it at their first sign-in.
 */
export function ImportPasswordsModal({ rows, onClose }: { rows: Row[] | null; onClose: () => void }) {
  return (
    <Modal
      open={rows !== null}
      title="导入用户的初始密码"
      width={640}
      onCancel={onClose}
      onOk={onClose}
      okText="我已记下"
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="初始密码只显示这一次，请转交给对应用户；用户首次登录时须修改密码。"
      />
      <Table<Row>
        rowKey="username"
        size="small"
        bordered
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={rows ?? []}
        columns={[
          { title: '用户账号', dataIndex: 'username' },
          { title: '用户姓名', dataIndex: 'realname' },
          { title: '初始密码', dataIndex: 'password', render: (v: string) => <code>{v}</code> },
        ]}
      />
    </Modal>
  );
}
