import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import type { LoginInfo } from '@lims/contracts';
import { useUnreadMessages } from '../../shared/messages/unread-messages';
import { loadFailed } from './load-state';

/** Where 未读消息 leads: 我的消息 (the bell's 查看更多 page). */
export const MY_MESSAGES_PATH = '/modules/message/UserAnnouncementList';

type FigureProps = { title: string; value?: number; loading: boolean; error?: Error | null; footer?: ReactNode };

function FigureCard({ title, value, loading, error, footer }: FigureProps) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : error ? (
        <>
          <Typography.Text type="secondary">{title}</Typography.Text>
          <div>
            <Typography.Text type="danger">{loadFailed(error)}</Typography.Text>
          </div>
        </>
      ) : (
        <Statistic title={title} value={value ?? 0} />
      )}
      {footer && !loading && !error && <div style={{ marginTop: 8, fontSize: 12 }}>{footer}</div>}
    </Card>
  );
}

/**
 * The figures row: 今日访问, 总访问量, 今日IP (/sys/loginfo) and the user's 未读消息 — the bell's own
 * query, so reading a message or a pushed announcement changes both at once.
 */
export function FigureCards({ visits }: { visits: UseQueryResult<LoginInfo> }) {
  const unread = useUnreadMessages();
  const v = { loading: visits.isPending, error: visits.error };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <FigureCard title="今日访问" value={visits.data?.todayVisitCount} {...v} />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <FigureCard title="总访问量" value={visits.data?.totalVisitCount} {...v} />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <FigureCard title="今日IP" value={visits.data?.todayIp} {...v} />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <FigureCard
          title="未读消息"
          value={unread.data && unread.data.anntMsgTotal + unread.data.sysMsgTotal}
          loading={unread.isPending}
          error={unread.error}
          footer={
            unread.data && (
              <Link to={MY_MESSAGES_PATH}>
                通知 {unread.data.anntMsgTotal} 条 · 系统消息 {unread.data.sysMsgTotal} 条
              </Link>
            )
          }
        />
      </Col>
    </Row>
  );
}
