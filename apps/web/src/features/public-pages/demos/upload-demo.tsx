import { Alert, Typography } from 'antd';
import { UploadField } from '../../../shared/ui/upload-field/upload-field';
import { ACCEPTED_UPLOAD_EXTENSIONS } from '@lims/contracts';
import { IMAGE_EXTENSIONS } from '../../../shared/ui/upload-field/upload-types';
import { DemoCard } from './demo-card';

/** Upload field: the accepted types, checked in the browser before anything is sent. */
export function UploadDemo() {
  return (
    <DemoCard
      id="upload"
      title="文件上传 UploadField"
      description="选择文件时先在浏览器中检查类型与大小（10MB），不符合的文件不会上传；服务器按扩展名和文件内容再检查一次。"
    >
      <Typography.Paragraph>
        可上传的类型：
        <Typography.Text code data-testid="upload-accept">
          {ACCEPTED_UPLOAD_EXTENSIONS.join('、')}
        </Typography.Text>
      </Typography.Paragraph>
      <UploadField id="demo-upload-file" />
      <Typography.Paragraph style={{ margin: '16px 0 8px' }}>
        图片（{IMAGE_EXTENSIONS.join('、')}）：
      </Typography.Paragraph>
      <UploadField id="demo-upload-image" variant="image" maxCount={3} />
      <Alert
        style={{ marginTop: 12 }}
        type="info"
        showIcon
        title="本页无需登录：类型检查可直接试用；文件真正保存需要登录后在业务页面中上传。"
      />
    </DemoCard>
  );
}
