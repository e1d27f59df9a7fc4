import { Form, Input, DatePicker } from 'antd';
import type { FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ANNT_MSG } from '@lims/contracts';
import { DictSelect } from '../../shared/dict/dict-select';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { RichTextEditor } from '../../shared/ui/rich-text-editor/rich-text-editor';
import { UserPicker } from '../../shared/ui/user-picker/user-picker';
import { useSaveAnnouncement, type AnnouncementBody } from './api';
import type { AnnouncementRecord } from './announcement-columns';

const TIME = 'YYYY-MM-DD HH:mm:ss';

type Values = Omit<AnnouncementBody, 'startTime' | 'endTime' | 'userIds'> & {
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  userIds?: string;
};

const toTime = (v: string | null | undefined) => (v ? dayjs(v) : undefined);

function toValues(r: Partial<AnnouncementRecord>): Record<string, unknown> {
  return {
    ...r,
    startTime: toTime(r.startTime),
    endTime: toTime(r.endTime),
    userIds: r.userIds ?? undefined,
    msgContent: r.msgContent ?? '',
  };
}

function toBody(v: Values): AnnouncementBody {
  return {
    titile: v.titile,
    msgCategory: v.msgCategory,
    priority: v.priority,
    msgType: v.msgType,
    startTime: v.startTime ? v.startTime.format(TIME) : null,
    endTime: v.endTime ? v.endTime.format(TIME) : null,
    userIds: v.msgType === 'USER' ? (v.userIds ?? '') : '',
    msgContent: v.msgContent ?? '',
    version: v.version,
  };
}

/** 开始时间 before 结束时间: each field names the problem from its own side. */
const timeOrder =
  (side: 'start' | 'end') =>
  ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
    validator: (_: unknown, value: Dayjs | null | undefined) => {
      const start = side === 'start' ? value : (getFieldValue('startTime') as Dayjs | null | undefined);
      const end = side === 'end' ? value : (getFieldValue('endTime') as Dayjs | null | undefined);
      if (!start || !end || start.isBefore(end)) return Promise.resolve();
      return Promise.reject(new Error(side === 'start' ? ANNT_MSG.startBeforeEnd : ANNT_MSG.endAfterStart));
    },
  });

/**
 * The announcement modal (width 900; REFERENCE SysAnnouncementModal): 标题, 消息类型, 开始/结束时间,
 * 优先级, 通告对象 with 指定用户 for USER, and the content in the rich-text editor.
 */
export function AnnouncementFormModal({ modal }: { modal: FormModalController<AnnouncementRecord> }) {
  const save = useSaveAnnouncement();
  return (
    <FormModal<AnnouncementRecord, Values>
      modal={modal}
      width={900}
      toValues={toValues}
      defaults={{ priority: 'L', msgContent: '' }}
      onSubmit={(values, ctx) => save.mutateAsync({ body: toBody(values), id: ctx.isNew ? undefined : ctx.record?.id })}
    >
      <Form.Item
        name="titile"
        label="标题"
        rules={[
          { required: true, whitespace: true, message: ANNT_MSG.titleRequired },
          { max: 100, message: '标题最多 100 个字符' },
        ]}
      >
        <Input placeholder="请输入标题" maxLength={100} />
      </Form.Item>
      <Form.Item name="msgCategory" label="消息类型" rules={[{ required: true, message: ANNT_MSG.categoryRequired }]}>
        <DictSelect dictCode="msg_category" placeholder="请选择消息类型" />
      </Form.Item>
      <Form.Item name="startTime" label="开始时间" dependencies={['endTime']} rules={[timeOrder('start')]}>
        <DatePicker showTime format={TIME} placeholder="请选择开始时间" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="endTime" label="结束时间" dependencies={['startTime']} rules={[timeOrder('end')]}>
        <DatePicker showTime format={TIME} placeholder="请选择结束时间" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="priority" label="优先级">
        <DictSelect dictCode="priority" placeholder="请选择优先级" allowClear={false} />
      </Form.Item>
      <Form.Item name="msgType" label="通告对象" rules={[{ required: true, message: ANNT_MSG.msgTypeRequired }]}>
        <DictSelect dictCode="msg_type" type="radio" />
      </Form.Item>
      <Form.Item noStyle dependencies={['msgType']}>
        {({ getFieldValue }) =>
          getFieldValue('msgType') === 'USER' && (
            <Form.Item name="userIds" label="指定用户" rules={[{ required: true, message: ANNT_MSG.usersRequired }]}>
              <UserPicker />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="msgContent" label="内容">
        <RichTextEditor />
      </Form.Item>
    </FormModal>
  );
}
