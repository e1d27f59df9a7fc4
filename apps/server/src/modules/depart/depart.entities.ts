import { departs, users } from '../../db/schema';
import { defineListEntity } from '../../platform/list-query';

/** Departments as a paged list (queryCompanyList2): every column but the long description is searchable. */
export const departList = defineListEntity({
  table: departs,
  fields: {
    parentId: departs.parentId,
    departName: departs.departName,
    departNameEn: departs.departNameEn,
    departNameAbbr: departs.departNameAbbr,
    departOrder: departs.departOrder,
    description: { column: departs.description, search: false, sort: false },
    orgCategory: departs.orgCategory,
    orgType: departs.orgType,
    orgCode: departs.orgCode,
    mobile: departs.mobile,
    fax: departs.fax,
    address: departs.address,
    memo: departs.memo,
    status: departs.status,
  },
  dict: { orgCategory: 'org_category', status: 'depart_status' },
  defaultSort: { field: 'departOrder', order: 'asc' },
});

/** Users of a department: an allow-list without the password hash, lockout counters or flags. */
export const departUserList = defineListEntity({
  table: users,
  fields: {
    username: users.username,
    realname: users.realname,
    avatar: { column: users.avatar, search: false, sort: false },
    sex: users.sex,
    email: users.email,
    phone: users.phone,
    orgCode: users.orgCode,
    status: users.status,
    workNo: users.workNo,
    post: users.post,
    telephone: users.telephone,
  },
  dict: { sex: 'sex', status: 'user_status' },
});
