import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Skeleton } from 'antd';
import {
  ACCOUNT_MSG,
  IMAGE_UPLOAD_EXTENSIONS,
  USER_MSG,
  accountProfileSchema,
  type AccountProfileForm,
  type UserInfo,
} from '@lims/contracts';
import { isApiError } from '../../shared/http/api-error';
import { presentError } from '../../shared/http/error-presenter';
import { schemaRule } from '../../shared/form/schema-rule';
import { useSession } from '../../shared/session/session-store';
import { UploadField } from '../../shared/ui/upload-field/upload-field';
import { accountKeys, profileQuery, saveProfile } from './account-api';

type Fields = { realname: string; avatar?: string; phone?: string; email?: string };
const shape = accountProfileSchema.shape;

/** Which field a refusal of the server belongs to (taken mobile or email, the format messages, the avatar). */
function fieldOf(message: string): keyof Fields | undefined {
  if (message === USER_MSG.phoneTaken || message === USER_MSG.phoneFormat) return 'phone';
  if (message === USER_MSG.emailTaken || message === USER_MSG.emailFormat) return 'email';
  if (message.startsWith(USER_MSG.realnameRequired) || message === USER_MSG.realnameTooLong) return 'realname';
  if (message.includes('头像')) return 'avatar';
  return undefined;
}

/** 基本信息: the user's own name, avatar, mobile and email; the header shows a saved change at once. */
export function BaseInfoForm() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());
  const [form] = Form.useForm<Fields>();

  const save = useMutation({
    mutationFn: (values: Fields) =>
      saveProfile({
        realname: values.realname,
        avatar: values.avatar ?? '',
        phone: values.phone ?? '',
        email: values.email ?? '',
      } satisfies AccountProfileForm),
    onSuccess: ({ userInfo }) => {
      const session = useSession.getState();
      session.setUserInfo({ ...session.userInfo, ...userInfo });
      queryClient.setQueryData(accountKeys.profile(), userInfo);
      message.success(ACCOUNT_MSG.profileSaved);
    },
    onError: (err) => {
      if (!isApiError(err)) return;
      const field =
        err.kind === 'http' && (err.status === 400 || err.status === 409) ? fieldOf(err.message) : undefined;
      if (field) form.setFields([{ name: field, errors: [err.message] }]);
      else presentError(err, true);
    },
  });

  if (profile.isPending) return <Skeleton active />;
  if (profile.isError) return <Alert type="error" showIcon title={`基本信息加载失败：${profile.error.message}`} />;
  const user: UserInfo = profile.data;

  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{
        realname: user.realname,
        avatar: user.avatar ?? '',
        phone: user.phone ?? '',
        email: user.email ?? '',
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item label="账号">
        <Input value={user.username} disabled />
      </Form.Item>
      <Form.Item
        name="realname"
        label="姓名"
        required
        rules={[{ required: true, whitespace: true, message: USER_MSG.realnameRequired }, schemaRule(shape.realname)]}
      >
        <Input placeholder="请输入姓名" maxLength={100} />
      </Form.Item>
      <Form.Item name="avatar" label="头像" extra={`支持 ${IMAGE_UPLOAD_EXTENSIONS.join('、')}，不超过 10MB`}>
        <UploadField variant="image" maxCount={1} biz="avatar" text="上传头像" />
      </Form.Item>
      <Form.Item name="phone" label="手机号码" rules={[schemaRule(shape.phone)]}>
        <Input placeholder="请输入手机号码" maxLength={32} inputMode="tel" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={[schemaRule(shape.email)]}>
        <Input placeholder="请输入邮箱" maxLength={100} inputMode="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
