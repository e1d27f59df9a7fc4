import { useEffect } from 'react';
import { Button, Form, App } from 'antd';
import { PERM } from '@lims/contracts';
import { FormContainer } from '../../shared/form/form-container';
import { FORM_LABEL, FORM_WRAPPER } from '../../shared/form/form-layout';
import { reportError } from '../../shared/list-page/report-error';
import { isStaleEdit, STALE_EDIT } from '../../shared/list-page/stale-edit';
import { Can } from '../../shared/permission/can';
import { useCan } from '../../shared/permission/use-can';
import { useEditDepart, useInvalidateDeparts, type DepartEditValues, type DepartRecord } from './api';
import { DepartFormFields } from './depart-form-fields';

type Props = { record: DepartRecord; parentName: string | null };

const FIELDS = ['departName', 'orgCategory', 'departOrder', 'mobile', 'fax', 'address', 'memo'] as const;

/** 基本信息: the selected department's form with 重置 and 修改并保存 (PUT edit); the page shows it once one is chosen. */
export function DepartInfoForm({ record, parentName }: Props) {
  const { message, modal: dialogs } = App.useApp();
  const invalidate = useInvalidateDeparts();
  const [form] = Form.useForm<DepartEditValues>();
  const edit = useEditDepart();
  const canEdit = useCan(PERM.depart.edit);
  const version = `${record.id}@${record.version ?? record.updateTime ?? ''}`;
  // The form instance outlives each department's form: start every selection from its own values.
  useEffect(() => {
    form.resetFields();
  }, [form, version]);

  const save = async () => {
    let values: DepartEditValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const changed = Object.fromEntries(FIELDS.map((k) => [k, values[k]])) as DepartEditValues;
    try {
      message.success(await edit.mutateAsync({ record, values: changed }));
    } catch (err) {
      // Someone saved this department since it was loaded: 刷新 reloads it (the form restarts from it).
      if (isStaleEdit(err)) {
        dialogs.confirm({
          title: STALE_EDIT.title,
          content: STALE_EDIT.message,
          okText: STALE_EDIT.reload,
          cancelText: '取消',
          onOk: () => void invalidate(),
        });
      } else reportError(err, message);
    }
  };

  return (
    <FormContainer disabled={!canEdit}>
      <Form<DepartEditValues>
        key={version}
        form={form}
        initialValues={record}
        labelCol={FORM_LABEL}
        wrapperCol={FORM_WRAPPER}
        onFinish={() => void save()}
      >
        <DepartFormFields topLevel={record.parentId === null} parentName={parentName ?? ''} edit />
        <Can code={PERM.depart.edit}>
          <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 5, span: 16 } }}>
            <span style={{ display: 'inline-flex', gap: 8 }}>
              <Button onClick={() => form.resetFields()}>重置</Button>
              <Button type="primary" htmlType="submit" loading={edit.isPending}>
                修改并保存
              </Button>
            </span>
          </Form.Item>
        </Can>
      </Form>
    </FormContainer>
  );
}
