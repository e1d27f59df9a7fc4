import type { ListSource } from '../../shared/list-page/list-prefetch';
import { USER_URL, userKeys } from './api';

/** The user page's dictionaries. */
export const USER_STATUS_DICT = 'user_status';
export const SEX_DICT = 'sex';

/** 用户管理's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const userListSource: ListSource = {
  keys: userKeys,
  url: USER_URL.list,
  searchFields: [
    { name: 'username', label: '账号', placeholder: '输入账号模糊查询' },
    { name: 'realname', label: '姓名', placeholder: '请输入姓名' },
    { name: 'sex', label: '性别', type: 'dict', dictCode: SEX_DICT },
    { name: 'phone', label: '手机号', placeholder: '请输入手机号码' },
    { name: 'status', label: '状态', type: 'dict', dictCode: USER_STATUS_DICT },
    // The page adds its control (the department tree select).
    { name: 'departId', label: '部门', type: 'custom', placeholder: '请选择部门' },
  ],
  rowDicts: [USER_STATUS_DICT],
};
