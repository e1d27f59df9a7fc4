import { useState, type ReactNode } from 'react';
import { Tooltip } from 'antd';

/**
 * `text` in a span whose antd Tooltip (`title`, top left) is mounted the first time the pointer
 * enters it, and opens then: a list of hundreds of cut cells renders plain spans, where a Tooltip in
 * each cell cost its page's first render dearly.
 */
export function HoverTooltip({ title, text }: { title: ReactNode; text: ReactNode }) {
  const [hovered, setHovered] = useState(false);
  if (!hovered) return <span onMouseEnter={() => setHovered(true)}>{text}</span>;
  return (
    <Tooltip title={title} placement="topLeft" defaultOpen>
      <span>{text}</span>
    </Tooltip>
  );
}
