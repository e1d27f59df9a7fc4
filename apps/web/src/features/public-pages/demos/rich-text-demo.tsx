import { useState } from 'react';
import { Typography } from 'antd';
import { RichTextEditor, type ToolbarItem } from '../../../shared/ui/rich-text-editor/rich-text-editor';
import { DemoCard, DemoValue } from './demo-card';

const INITIAL = '<h2>检测报告说明</h2><p>可以<strong>加粗</strong>、<em>倾斜</em>，插入链接与图片。</p>';
const SHORT_TOOLBAR: ToolbarItem[] = ['bold', 'italic', 'underline', '|', 'bulletList', 'orderedList'];

/** The images of an HTML text by type: embedded images are base64 JPEG. */
function imageSummary(html: string): string {
  const sources = [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);
  if (sources.length === 0) return '无图片';
  const jpeg = sources.filter((s) => s.startsWith('data:image/jpeg;base64,')).length;
  return `${sources.length} 张图片，其中 base64 JPEG ${jpeg} 张`;
}

/** Rich-text editor (tiptap): height 300, configurable toolbar, images embedded as base64 JPEG. */
export function RichTextDemo() {
  const [html, setHtml] = useState(INITIAL);
  const [note, setNote] = useState('');
  return (
    <DemoCard
      id="rich-text"
      title="富文本编辑器 RichTextEditor"
      description="默认高度 300 像素，工具栏可配置；插入或粘贴的图片压缩为 JPEG 并以 base64 嵌入正文。"
    >
      <div data-testid="rich-text-full">
        <RichTextEditor value={html} onChange={setHtml} />
      </div>
      <DemoValue label="HTML 长度" value={String(html.length)} testId="rich-text-length" />
      <DemoValue label="图片" value={imageSummary(html)} testId="rich-text-images" />
      <Typography.Paragraph type="secondary" style={{ margin: '16px 0 8px' }}>
        自定义工具栏（仅加粗、倾斜、下划线与列表），高度 160：
      </Typography.Paragraph>
      <div data-testid="rich-text-short">
        <RichTextEditor value={note} onChange={setNote} toolbar={SHORT_TOOLBAR} height={160} />
      </div>
    </DemoCard>
  );
}
