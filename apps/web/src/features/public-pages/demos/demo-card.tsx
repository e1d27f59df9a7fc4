import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

type Props = { id: string; title: string; description: ReactNode; children: ReactNode };

/** One component of the showcase: a titled card with a line on what to try. */
export function DemoCard({ id, title, description, children }: Props) {
  return (
    <Card id={id} title={title} data-testid={`demo-${id}`} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      {children}
    </Card>
  );
}

/** A value a demo produced (what the component hands to a form). */
export function DemoValue({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div style={{ marginTop: 12 }}>
      <Typography.Text type="secondary">{label}：</Typography.Text>
      <Typography.Text code data-testid={testId}>
        {value === '' || value === undefined || value === null ? '（空）' : value}
      </Typography.Text>
    </div>
  );
}
