import { Tag } from 'antd';
import { PRIORITY } from '@lims/contracts';

/** L 一般消息 (blue), M 重要消息 (orange), H 紧急消息 (red) — SPEC section 3. */
export function PriorityTag({ priority }: { priority: string | null | undefined }) {
  const p = priority && Object.hasOwn(PRIORITY, priority) ? PRIORITY[priority as keyof typeof PRIORITY] : undefined;
  return p ? <Tag color={p.color}>{p.text}</Tag> : null;
}
