import type { PageData } from '../../shared/list-page/page-data';
import { departTreeQuery } from './api';

/** 部门管理's first request: the department tree (the right side waits for a click). */
export const departPageData: PageData = () => ({ queries: [departTreeQuery()], dicts: [], preferences: [] });
