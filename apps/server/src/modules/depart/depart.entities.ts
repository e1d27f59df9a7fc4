import { departs, users } from '../../db/schema';
import { defineListEntity } from '../../platform/list-query';
import { USER_DICTS, USER_FIELDS } from '../../platform/user-fields';

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

/** Users of a department: the user columns of platform/user-fields but the birthday. */
const { birthday: _birthday, ...memberFields } = USER_FIELDS;
export const departUserList = defineListEntity({ table: users, fields: memberFields, dict: USER_DICTS });
