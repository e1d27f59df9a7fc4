import type { ListSource } from '../../shared/list-page/list-prefetch';
import { PROJECT_URL, projectKeys } from './api';

/** The project page's dictionaries. */
export const PROJECT_STATUS_DICT = 'project_status';
export const TEST_TYPE_DICT = 'test_type';

/** 检测项目's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const projectListSource: ListSource = {
  keys: projectKeys,
  url: PROJECT_URL.list,
  searchFields: [
    { name: 'projectNo', label: '项目编号' },
    { name: 'name', label: '项目名称' },
    { name: 'customerUnitName', label: '委托单位' },
    { name: 'status', label: '状态', type: 'dict', dictCode: PROJECT_STATUS_DICT },
    { name: 'testType', label: '检测类别', type: 'dict', dictCode: TEST_TYPE_DICT },
    { name: 'startDate', label: '开始日期', type: 'dateRange' },
    { name: 'dueDate', label: '计划完成日期', type: 'dateRange' },
  ],
  rowDicts: [PROJECT_STATUS_DICT, TEST_TYPE_DICT],
};
