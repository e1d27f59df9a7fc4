import { Link } from 'react-router';
import { Card, Col, Row, Statistic, Typography, theme } from 'antd';
import type { LimsFigures } from '@lims/contracts';
import { menuTrail } from '../../shared/menu/menu-routes';
import { useSession } from '../../shared/session/session-store';

/** The laboratory pages the figures open (their menu paths). */
export const LIMS_PATH = {
  sample: '/lims/sample',
  result: '/lims/result',
  verify: '/lims/verify',
  analysis: '/lims/analysis',
  report: '/lims/report',
} as const;

type Figure = { key: keyof LimsFigures; title: string; path: string; danger?: boolean; note?: string };

function figureList(f: LimsFigures): Figure[] {
  return [
    { key: 'samplesReceivedThisWeek', title: '本周接收样品', path: LIMS_PATH.sample },
    {
      key: 'analysesOpen',
      title: '待录入结果',
      path: LIMS_PATH.result,
      note: f.myAnalysesOpen === undefined ? undefined : `分配给我 ${f.myAnalysesOpen} 项`,
    },
    { key: 'analysesToVerify', title: '待复核结果', path: LIMS_PATH.verify },
    { key: 'analysesOverdue', title: '逾期检测任务', path: LIMS_PATH.analysis, danger: true },
    { key: 'reportsPublishedThisMonth', title: '本月发布报告', path: LIMS_PATH.report },
  ];
}

/**
 * 实验室 figures: one card per figure the server answered (it answers only those whose page the user
 * may open); a card opens its page when the user's menu holds it.
 */
export function LimsCards({ figures }: { figures: LimsFigures }) {
  const menu = useSession((s) => s.menu);
  const { token } = theme.useToken();
  const shown = figureList(figures).filter((f) => figures[f.key] !== undefined);
  if (shown.length === 0) return null;
  return (
    <Row gutter={[16, 16]} role="group" aria-label="实验室">
      {shown.map((f) => {
        const value = figures[f.key] ?? 0;
        const linked = menuTrail(menu, f.path).length > 0;
        const body = (
          <Card size="small" hoverable={linked} style={{ height: '100%' }}>
            <Statistic
              title={f.title}
              value={value}
              styles={{ content: f.danger && value > 0 ? { color: token.colorError } : undefined }}
            />
            <div style={{ marginTop: 8, fontSize: 12, minHeight: 20 }}>
              <Typography.Text type="secondary">{f.note ?? (linked ? '查看详情 →' : '')}</Typography.Text>
            </div>
          </Card>
        );
        return (
          <Col key={f.key} xs={12} lg={8} xl={{ flex: `${100 / shown.length}%` }}>
            {linked ? <Link to={f.path}>{body}</Link> : body}
          </Col>
        );
      })}
    </Row>
  );
}
