/** Demo customer units and their contacts (demo install only); exactly one primary contact each. */
export type UnitContactSeed = { name: string; phone: string; email?: string; position: string; isPrimary: boolean };

export type UnitSeed = {
  code: string;
  name: string;
  creditCode?: string;
  /** dict unit_type: 1 企业, 2 事业单位, 3 政府机关, 4 个人, 5 其他. */
  unitType: string;
  address: string;
  phone: string;
  email?: string;
  bank?: string;
  bankAccount?: string;
  /** dict unit_status: 1 合作中, 2 停用. */
  status: string;
  remark?: string;
  contacts: UnitContactSeed[];
};

export const UNITS: UnitSeed[] = [
  {
    code: 'KH0001',
    name: '江南水务集团有限公司',
    creditCode: '91320211MACN8T0M24',
    unitType: '1',
    address: '江苏省无锡市滨湖区太湖大道 2000 号',
    phone: '0510-85161234',
    email: 'quality@jnwater.cn',
    bank: '中国工商银行无锡分行营业部',
    bankAccount: '1103020009000123456',
    status: '1',
    contacts: [
      { name: '刘海涛', phone: '13912345601', email: 'liuht@jnwater.cn', position: '质量部经理', isPrimary: true },
      { name: '陈静', phone: '13912345602', email: 'chenj@jnwater.cn', position: '化验室主任', isPrimary: false },
    ],
  },
  {
    code: 'KH0002',
    name: '无锡市疾病预防控制中心',
    creditCode: '123202000007944021',
    unitType: '2',
    address: '江苏省无锡市梁溪区大通路 499 号',
    phone: '0510-85725000',
    bank: '中国建设银行无锡分行',
    bankAccount: '32001616136052500123',
    status: '1',
    contacts: [{ name: '杨帆', phone: '13706181234', position: '理化检验科科长', isPrimary: true }],
  },
  {
    code: 'KH0003',
    name: '无锡市生态环境局',
    creditCode: '11320200242952784N',
    unitType: '3',
    address: '江苏省无锡市滨湖区观山路 168 号',
    phone: '0510-81822100',
    status: '1',
    contacts: [
      { name: '许文斌', phone: '13861801234', position: '监测处处长', isPrimary: true },
      { name: '郑雪', phone: '13861805678', email: 'zhengx@wxhb.gov.cn', position: '科员', isPrimary: false },
    ],
  },
  {
    code: 'KH0004',
    name: '绿源食品股份有限公司',
    creditCode: '91320282MAMN8B0F4A',
    unitType: '1',
    address: '江苏省宜兴市经济技术开发区文庄路 66 号',
    phone: '0510-87061888',
    email: 'qc@lvyuanfood.cn',
    bank: '中国农业银行宜兴支行',
    bankAccount: '10651101040012345',
    status: '1',
    contacts: [
      { name: '马俊', phone: '13585001234', email: 'majun@lvyuanfood.cn', position: '品控总监', isPrimary: true },
      { name: '何丽娟', phone: '13585005678', position: '采购专员', isPrimary: false },
      { name: '林峰', phone: '13585009012', position: '质检员', isPrimary: false },
    ],
  },
  {
    code: 'KH0005',
    name: '无锡恒达建设工程有限公司',
    creditCode: '91320214MA6WHDKL4J',
    unitType: '1',
    address: '江苏省无锡市新吴区长江路 21 号',
    phone: '0510-85281166',
    bank: '交通银行无锡分行',
    bankAccount: '322000680018010012345',
    status: '2',
    remark: '项目已结束，暂停合作',
    contacts: [{ name: '钱国平', phone: '13771501234', position: '工程部经理', isPrimary: true }],
  },
];
