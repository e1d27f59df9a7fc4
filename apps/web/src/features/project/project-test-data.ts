import type { ProjectAttachment, ProjectDetail, ProjectRecord } from '@lims/contracts';
import { fail, ok, type ApiAnswer, type ApiCall } from '../../shared/list-page/test-utils';

/** A fake server for the 检测项目 page tests (records as the real list answers them). */

export const WATER: ProjectRecord = {
  id: 'p1',
  projectNo: 'XM202605010001',
  name: '太湖流域地表水例行监测',
  customerUnitId: 'u3',
  customerUnitName: '无锡市生态环境局',
  contactName: '许文斌',
  contactPhone: '0510-81822345',
  testType: '4',
  testType_dictText: '环境检测',
  managerId: 'lisi-id',
  managerName: '李四',
  departId: 'd7',
  departName: '环境检测实验室',
  startDate: '2026-05-01',
  dueDate: '2026-05-31',
  status: '2',
  status_dictText: '进行中',
  amount: 35000,
  remark: null,
  createTime: '2026-05-01 09:00:00',
  createBy: 'admin',
  updateTime: null,
  updateBy: null,
};

export const FOOD: ProjectRecord = {
  ...WATER,
  id: 'p2',
  projectNo: 'XM202605020001',
  name: '预包装食品季度抽检',
  customerUnitName: '江南食品有限公司',
  testType: '5',
  testType_dictText: '食品检测',
  status: '1',
  status_dictText: '待受理',
  amount: 1234.5,
};

export const WATER_DETAIL: ProjectDetail = {
  ...WATER,
  items: [
    {
      id: 'i1',
      projectId: 'p1',
      itemName: '高锰酸盐指数',
      standard: 'GB 11892-1989',
      codeLines: 12,
      unit: 'mg/L',
      specMin: null,
      specMax: 6,
      specText: null,
      remark: null,
      sortNo: 1,
      createTime: null,
      createBy: null,
      updateTime: null,
      updateBy: null,
    },
    {
      id: 'i2',
      projectId: 'p1',
      itemName: '氨氮',
      standard: 'HJ 535-2009',
      codeLines: 12,
      unit: null,
      specMin: null,
      specMax: null,
      specText: '不得检出',
      remark: '每月',
      sortNo: 2,
      createTime: null,
      createBy: null,
      updateTime: null,
      updateBy: null,
    },
  ],
};

export const UNITS = [
  {
    id: 'u1',
    code: 'KH0001',
    name: '江南水务集团有限公司',
    primaryContactName: '周建国',
    primaryContactPhone: '0510-82701234',
  },
  {
    id: 'u3',
    code: 'KH0003',
    name: '无锡市生态环境局',
    primaryContactName: '许文斌',
    primaryContactPhone: '0510-81822345',
  },
];

export const CONTACTS_U1 = [
  {
    id: 'c1',
    unitId: 'u1',
    name: '王敏',
    phone: '13900000001',
    email: null,
    position: '职员',
    isPrimary: false,
    sortNo: 1,
    createTime: null,
    createBy: null,
    updateTime: null,
    updateBy: null,
  },
  {
    id: 'c2',
    unitId: 'u1',
    name: '周建国',
    phone: '0510-82701234',
    email: null,
    position: '主任',
    isPrimary: true,
    sortNo: 2,
    createTime: null,
    createBy: null,
    updateTime: null,
    updateBy: null,
  },
];

export const ATTACHMENTS: ProjectAttachment[] = [
  {
    id: 'a1',
    projectId: 'p1',
    fileName: '检测报告.pdf',
    filePath: 'project/202605/aaa.pdf',
    fileSize: 2048,
    isImage: false,
    url: '/api/fj/xmfj/downloadFile?x',
    createTime: '2026-05-02 10:00:00',
    createBy: 'admin',
    createByName: '管理员',
  },
  {
    id: 'a2',
    projectId: 'p1',
    fileName: '现场照片.png',
    filePath: 'project/202605/bbb.png',
    fileSize: 512,
    isImage: true,
    url: '/api/sys/common/static/project/202605/bbb.png',
    createTime: '2026-05-02 10:01:00',
    createBy: 'lisi',
    createByName: '李四',
  },
  {
    id: 'a3',
    projectId: 'p1',
    fileName: '丢失的文件.txt',
    filePath: '',
    fileSize: 0,
    isImage: false,
    url: '',
    createTime: null,
    createBy: 'admin',
    createByName: '管理员',
  },
];

const dict = (pairs: Array<[string, string]>) => ok(pairs.map(([value, text]) => ({ value, text, title: text })));

export function projectServer(c: ApiCall): ApiAnswer | undefined {
  switch (c.path) {
    case '/project/jcXmProject/list':
      return ok({ records: [WATER, FOOD], total: 2 });
    case '/project/jcXmProject/queryById':
      return ok(WATER_DETAIL);
    case '/project/jcXmProject/add':
      return ok('new-id', '添加成功！项目编号：XM202605070001');
    case '/project/jcXmProject/edit':
      return ok(null, '编辑成功！');
    case '/khgl/unit/queryUnits':
      return ok({ records: UNITS, total: UNITS.length });
    case '/khgl/unit/listCustomerByMainId':
      return ok(c.params.get('id') === 'u1' ? CONTACTS_U1 : []);
    case '/fj/xmfj/list':
      return ok(ATTACHMENTS);
    case '/fj/xmfj/delete':
      return ok(1, '删除成功！');
    case '/sys/dict/getDictItems/project_status':
      return dict([
        ['1', '待受理'],
        ['2', '进行中'],
        ['3', '已完成'],
        ['4', '已归档'],
        ['5', '已取消'],
      ]);
    case '/sys/dict/getDictItems/test_type':
      return dict([
        ['1', '化学检测'],
        ['4', '环境检测'],
        ['5', '食品检测'],
      ]);
    case '/sysdepart/sysDepart/queryTreeList':
      return ok([]);
    case '/sys/user/queryByIds':
      return ok([{ id: 'lisi-id', username: 'lisi', realname: '李四' }]);
    default:
      return undefined;
  }
}

/** The same server, refusing edits with the status message the real one gives. */
export function refusingServer(c: ApiCall): ApiAnswer | undefined {
  if (c.path === '/project/jcXmProject/edit') return fail(400, '项目状态不能从「进行中」改为「待受理」');
  return projectServer(c);
}
