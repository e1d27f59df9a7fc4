import { Button, Space } from 'antd';
import { downloadFile, openDownload, saveBlob } from '../../../shared/http/download-file';
import { DemoCard } from './demo-card';

const SAMPLE_CSV = '\uFEFF样品编号,检测项目,结果\nAB1234,铅含量,0.05\nAB1235,镉含量,未检出\n';

/** Download helpers: 未知的文件 without a file, 文件下载失败 when the server refuses, a blob saved as a file. */
export function DownloadDemo() {
  return (
    <DemoCard
      id="download"
      title="文件下载 downloadFile / openDownload"
      description="没有指定文件时提示「未知的文件」；服务器拒绝（如未登录）时提示「文件下载失败」；浏览器内生成的内容直接保存为文件。"
    >
      <Space wrap>
        <Button onClick={() => openDownload('')}>下载未指定的文件</Button>
        <Button onClick={() => void downloadFile('/sys/common/download/demo/not-signed-in.txt', '示例.txt')}>
          下载需登录的文件
        </Button>
        <Button type="primary" onClick={() => saveBlob(new Blob([SAMPLE_CSV], { type: 'text/csv' }), '样品清单.csv')}>
          下载样品清单.csv
        </Button>
      </Space>
    </DemoCard>
  );
}
