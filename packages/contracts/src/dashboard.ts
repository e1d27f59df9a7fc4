import { z } from 'zod';

/** Projects due within this many days (from today) are listed on the dashboard. */
export const DASHBOARD_DUE_DAYS = 7;
/** Suppliers whose qualification expires within this many days (or has expired) are listed. */
export const DASHBOARD_EXPIRY_DAYS = 30;
/** At most this many rows in each dashboard list (the totals are exact). */
export const DASHBOARD_LIST_LIMIT = 20;

export const projectStatusCountSchema = z.object({
  status: z.string(),
  statusText: z.string(),
  count: z.number().int(),
});

export const dueProjectSchema = z.object({
  id: z.string(),
  projectNo: z.string(),
  name: z.string(),
  dueDate: z.string(),
  /** Days from today to the due date (0: due today). */
  daysLeft: z.number().int(),
  status: z.string(),
  statusText: z.string(),
  managerName: z.string().nullable(),
});

/** 我的待办: an open project (待受理, 进行中) the signed-in user manages. */
export const taskProjectSchema = dueProjectSchema.omit({ managerName: true }).extend({
  dueDate: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
});

export const expiringSupplierSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  qualificationExpiry: z.string(),
  /** Days from today to the expiry (negative: expired that many days ago). */
  daysLeft: z.number().int(),
});

/**
 * 首页 laboratory figures: each present only when the user holds the list code of the page its card
 * opens, counted within that page's data rules. Weeks run Monday to Sunday, in the configured time zone.
 */
export const limsFiguresSchema = z.object({
  /** Samples received this week (样品管理, lims:sample:list). */
  samplesReceivedThisWeek: z.number().int().optional(),
  /** Analyses waiting for their result, 待录入 (结果录入, lims:result:list)… */
  analysesOpen: z.number().int().optional(),
  /** …of which assigned to the signed-in user. */
  myAnalysesOpen: z.number().int().optional(),
  /** Results waiting for verification, 待复核 (结果复核, lims:verify:list). */
  analysesToVerify: z.number().int().optional(),
  /** Due date passed and not verified yet (检测任务, lims:analysis:list). */
  analysesOverdue: z.number().int().optional(),
  /** Reports published this month (检测报告, lims:report:list). */
  reportsPublishedThisMonth: z.number().int().optional(),
});

/**
 * GET /dashboard/summary. The project figures are answered only to a user holding `project:list`,
 * the supplier figures only with `supplier:list`, the laboratory ones as `lims` says (absent otherwise). Unread messages are the bell's
 * own call (`/sys/annountCement/listByUser`).
 */
export const dashboardSummarySchema = z.object({
  /** Every project status (dictionary order) with its count, zeros included. */
  projectsByStatus: z.array(projectStatusCountSchema).optional(),
  projectTotal: z.number().int().optional(),
  /** Not finished, archived or cancelled; due from today to today + 7 days; soonest first. */
  dueProjects: z.array(dueProjectSchema).optional(),
  dueProjectTotal: z.number().int().optional(),
  /** 我的待办: open projects whose 项目负责人 is the signed-in user; soonest due first. */
  myTasks: z.array(taskProjectSchema).optional(),
  myTaskTotal: z.number().int().optional(),
  /** Qualification expired or expiring within 30 days; soonest first. */
  expiringSuppliers: z.array(expiringSupplierSchema).optional(),
  expiringSupplierTotal: z.number().int().optional(),
  /** Only for a user holding at least one of the laboratory pages. */
  lims: limsFiguresSchema.optional(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export type LimsFigures = z.infer<typeof limsFiguresSchema>;
export type DueProject = z.infer<typeof dueProjectSchema>;
export type ExpiringSupplier = z.infer<typeof expiringSupplierSchema>;
export type TaskProject = z.infer<typeof taskProjectSchema>;
export type ProjectStatusCount = z.infer<typeof projectStatusCountSchema>;
