import { useMemo } from 'react';
import { Link } from 'react-router';
import { Card, Empty, Typography, Tag } from 'antd';
import { DASHBOARD_DUE_DAYS, type DueProject, type ProjectStatusCount, type TaskProject } from '@lims/contracts';
import { taskLink } from '../../shared/menu/task-route';
import { statusChartOption } from './chart-options';
import { LazyChart } from './lazy-chart';
import { BriefList } from './brief-list';
import styles from './dashboard.module.css';

/** The project list filtered by one project number (the list keeps its search in the URL). */
export const PROJECT_LIST_PATH = '/project/jcXmProject';
export const projectLink = (projectNo: string) => `${PROJECT_LIST_PATH}?projectNo=${encodeURIComponent(projectNo)}`;

/** 项目状态分布: the number of projects per status as a ring. */
export function ProjectStatusCard({ counts, total }: { counts: ProjectStatusCount[]; total: number }) {
  const option = useMemo(() => statusChartOption(counts), [counts]);
  return (
    <Card title="项目状态分布" extra={<span>共 {total} 项</span>} style={{ height: '100%' }}>
      {total === 0 ? <Empty description="暂无检测项目" /> : <LazyChart option={option} label="项目状态分布图" />}
    </Card>
  );
}

function dueTag(daysLeft: number) {
  if (daysLeft < 0) return <Tag color="red">已逾期 {-daysLeft} 天</Tag>;
  if (daysLeft === 0) return <Tag color="red">今天到期</Tag>;
  return <Tag color={daysLeft <= 2 ? 'orange' : 'blue'}>{daysLeft} 天后到期</Tag>;
}

/** 近 7 天到期的项目: open projects due soonest first, each linking to the project in 检测项目. */
export function DueProjectsCard({ projects, total }: { projects: DueProject[]; total: number }) {
  return (
    <Card title={`${DASHBOARD_DUE_DAYS} 天内到期的项目`} extra={<span>共 {total} 项</span>} style={{ height: '100%' }}>
      {projects.length === 0 ? (
        <Empty description={`${DASHBOARD_DUE_DAYS} 天内没有到期的项目`} />
      ) : (
        <BriefList
          items={projects.map((p) => ({
            key: p.id,
            title: (
              <Link to={projectLink(p.projectNo)}>
                {p.projectNo} {p.name}
              </Link>
            ),
            description: `计划完成日期 ${p.dueDate} · ${p.statusText} · 负责人 ${p.managerName ?? '—'}`,
            extra: dueTag(p.daysLeft),
          }))}
          footer={
            total > projects.length ? (
              <Typography.Text type="secondary">仅列出最早到期的 {projects.length} 项</Typography.Text>
            ) : undefined
          }
        />
      )}
    </Card>
  );
}

/**
 * 我的待办: the open projects the user manages, soonest due first. 处理 opens the project's form on
 * the 检测项目 page as a pending task (SPEC section 2: disableSubmit=false, visible=true, the record).
 */
export function MyTasksCard({ tasks, total }: { tasks: TaskProject[]; total: number }) {
  return (
    <Card title="我的待办" extra={<span>共 {total} 项</span>} style={{ height: '100%' }}>
      {tasks.length === 0 ? (
        <Empty description="暂无待办项目" />
      ) : (
        <BriefList
          items={tasks.map((t) => {
            const link = taskLink(PROJECT_LIST_PATH, { id: t.id });
            return {
              key: t.id,
              title: `${t.projectNo} ${t.name}`,
              description: `${t.statusText} · ${t.dueDate ? `计划完成日期 ${t.dueDate}` : '未定计划完成日期'}`,
              extra: (
                <span className={styles.actions}>
                  {t.daysLeft !== null && dueTag(t.daysLeft)}
                  <Link to={link.to} state={link.state} aria-label={`处理 ${t.projectNo}`}>
                    处理
                  </Link>
                </span>
              ),
            };
          })}
          footer={
            total > tasks.length ? (
              <Typography.Text type="secondary">仅列出最早到期的 {tasks.length} 项</Typography.Text>
            ) : undefined
          }
        />
      )}
    </Card>
  );
}
