import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Modal, Select, Spin, App } from 'antd';
import { MSG } from '@lims/contracts';
import { isApiError } from '../../shared/http/api-error';
import { currentUserDepartsQuery, selectDepart, sessionKeys } from '../../shared/session/session-api';
import { useSession } from '../../shared/session/session-store';

/** 切换部门 (SPEC section 4): pick one of the user's departments; stored user info is replaced. */
export default function DepartSelectModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const username = useSession((s) => s.userInfo?.username ?? '');
  const departs = useQuery({ ...currentUserDepartsQuery(), enabled: open, staleTime: 0 });
  const [orgCode, setOrgCode] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const list = departs.data?.list;

  useEffect(() => {
    if (open && list && list.length === 0) {
      message.warning(MSG.noDepartment);
      onClose();
    }
  }, [open, list, message, onClose]);

  const save = useMutation({
    mutationFn: (code: string) => selectDepart({ orgCode: code, username }),
    onSuccess: ({ userInfo }) => {
      useSession.getState().setUserInfo(userInfo);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      message.success('切换部门成功');
      onClose();
    },
    onError: (err) => {
      if (isApiError(err) && err.kind === 'http' && err.status === 400) message.warning(err.message);
    },
  });

  const confirm = () => {
    if (!orgCode) {
      setInvalid(true);
      return;
    }
    save.mutate(orgCode);
  };

  return (
    <Modal
      title="切换部门"
      open={open && !(list && list.length === 0)}
      onCancel={onClose}
      onOk={confirm}
      okButtonProps={{ disabled: departs.isError }}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      width={420}
    >
      {departs.isPending ? (
        <Spin />
      ) : departs.isError ? (
        <Alert type="error" showIcon title={`部门信息加载失败：${departs.error.message}`} />
      ) : (
        <Form layout="vertical">
          <Form.Item
            label="部门"
            required
            validateStatus={invalid ? 'error' : undefined}
            help={invalid ? '请选择登录部门' : undefined}
          >
            <Select<string>
              placeholder="请选择登录部门"
              value={orgCode}
              onChange={(v) => {
                setOrgCode(v);
                setInvalid(false);
              }}
              options={(list ?? []).map((d) => ({
                value: d.orgCode,
                label: d.orgCode === departs.data?.orgCode ? `${d.departName}（当前）` : d.departName,
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
