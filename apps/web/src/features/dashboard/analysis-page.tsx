import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { loginInfoQuery, summaryQuery, visitInfoQuery } from './api';
import { FigureCards } from './figure-cards';
import { GreetingCard } from './greeting-card';
import { LimsCards } from './lims-cards';
import { loadFailed } from './load-state';
import { DueProjectsCard, MyTasksCard, ProjectStatusCard } from './project-cards';
import { ExpiringSuppliersCard } from './supplier-card';
import { VisitChartCard } from './visit-chart-card';

/**
 * 首页 (dashboard/Analysis): the greeting, visit figures and their week, projects by status, projects
 * due soon, 我的待办 (the user's open projects, each opened as a pending task), the laboratory's
 * figures (each opening its page), suppliers whose qualification runs out, unread messages. Real figures from the server; a card the server does
 * not answer (the user may not read that list) is not shown.
 */
export default function AnalysisPage() {
  const visits = useQuery(loginInfoQuery());
  const week = useQuery(visitInfoQuery());
  const summary = useQuery(summaryQuery());
  const s = summary.data;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <GreetingCard />
      <FigureCards visits={visits} />
      {s?.lims && <LimsCards figures={s.lims} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={s?.projectsByStatus || summary.isPending ? 14 : 24}>
          <VisitChartCard visits={week} />
        </Col>
        {summary.isPending && (
          <Col xs={24} xl={10}>
            <Card title="项目状态分布">
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          </Col>
        )}
        {s?.projectsByStatus && (
          <Col xs={24} xl={10}>
            <ProjectStatusCard counts={s.projectsByStatus} total={s.projectTotal ?? 0} />
          </Col>
        )}
      </Row>
      {s?.myTasks && <MyTasksCard tasks={s.myTasks} total={s.myTaskTotal ?? s.myTasks.length} />}
      {summary.isError && <Typography.Text type="danger">{loadFailed(summary.error)}</Typography.Text>}
      {(summary.isPending || s?.dueProjects || s?.expiringSuppliers) && (
        <Row gutter={[16, 16]}>
          {summary.isPending &&
            [0, 1].map((i) => (
              <Col key={i} xs={24} xl={12}>
                <Card>
                  <Skeleton active paragraph={{ rows: 4 }} />
                </Card>
              </Col>
            ))}
          {s?.dueProjects && (
            <Col xs={24} xl={s.expiringSuppliers ? 12 : 24}>
              <DueProjectsCard projects={s.dueProjects} total={s.dueProjectTotal ?? s.dueProjects.length} />
            </Col>
          )}
          {s?.expiringSuppliers && (
            <Col xs={24} xl={s.dueProjects ? 12 : 24}>
              <ExpiringSuppliersCard
                suppliers={s.expiringSuppliers}
                total={s.expiringSupplierTotal ?? s.expiringSuppliers.length}
              />
            </Col>
          )}
        </Row>
      )}
    </div>
  );
}
