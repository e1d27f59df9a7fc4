/** Seeded accounts. Contact fields of the admin are demo data: a production install leaves them empty. */
export type UserSeed = {
  username: string;
  realname: string;
  roles: string[];
  /** Departments by org code (membership; several allowed). */
  departs: string[];
  /** The currently selected login department. */
  orgCode: string;
  sex: 1 | 2;
  email: string;
  phone: string;
  workNo: string;
  post?: string;
  /** 1 正常, 2 冻结. */
  status: 1 | 2;
};

export const ADMIN_USER: UserSeed = {
  username: 'admin',
  realname: '管理员',
  roles: ['admin'],
  departs: ['A01'],
  orgCode: 'A01',
  sex: 1,
  email: 'admin@lims.local',
  phone: '13800000001',
  workNo: '0001',
  post: '系统管理员',
  status: 1,
};

/** Demo accounts besides admin (demo install only). `manager` is a permission manager by its perm_manager role. */
export const DEMO_USERS: UserSeed[] = [
  {
    username: 'manager',
    realname: '权限管理员',
    roles: ['user', 'perm_manager'],
    departs: ['A01A01'],
    orgCode: 'A01A01',
    sex: 1,
    email: 'manager@lims.local',
    phone: '13800000002',
    workNo: '0002',
    post: '权限管理员',
    status: 1,
  },
  {
    username: 'zhangsan',
    realname: '张三',
    roles: ['user'],
    departs: ['A01A06'],
    orgCode: 'A01A06',
    sex: 1,
    email: 'zhangsan@lims.local',
    phone: '13800000003',
    workNo: '0003',
    post: '业务受理员',
    status: 1,
  },
  {
    username: 'lisi',
    realname: '李四',
    roles: ['lab'],
    departs: ['A01A07', 'A01A03'],
    orgCode: 'A01A07',
    sex: 1,
    email: 'lisi@lims.local',
    phone: '13800000004',
    workNo: '0004',
    post: '检测工程师',
    status: 1,
  },
  {
    username: 'wangwu',
    realname: '王五',
    roles: ['user'],
    departs: ['A01A02'],
    orgCode: 'A01A02',
    sex: 1,
    email: 'wangwu@lims.local',
    phone: '13800000005',
    workNo: '0005',
    post: '质量监督员',
    status: 2,
  },
  {
    username: 'zhaoliu',
    realname: '赵六',
    roles: ['lims_registrar'],
    departs: ['A01A06'],
    orgCode: 'A01A06',
    sex: 2,
    email: 'zhaoliu@lims.local',
    phone: '13800000006',
    workNo: '0006',
    post: '样品管理员',
    status: 1,
  },
  {
    username: 'sunqi',
    realname: '孙七',
    roles: ['lims_analyst'],
    departs: ['A01A03'],
    orgCode: 'A01A03',
    sex: 1,
    email: 'sunqi@lims.local',
    phone: '13800000007',
    workNo: '0007',
    post: '检测员',
    status: 1,
  },
  {
    username: 'zhouba',
    realname: '周八',
    roles: ['lims_analyst', 'lims_reviewer'],
    departs: ['A01A03'],
    orgCode: 'A01A03',
    sex: 2,
    email: 'zhouba@lims.local',
    phone: '13800000008',
    workNo: '0008',
    post: '技术负责人',
    status: 1,
  },
];
