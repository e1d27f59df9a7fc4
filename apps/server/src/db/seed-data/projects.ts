/**
 * Demo testing projects (demo install only). Days are relative to the seed date: the project
 * number is XM + the creation day (today − createdDaysAgo) + `seq`, the sequence within that day.
 * The contact is the customer unit's primary contact.
 */
export type ProjectItemSeed = {
  itemName: string;
  standard: string;
  codeLines: number;
  remark?: string;
  /** Result unit and limits (copied to the analyses when a sample is received). */
  unit?: string;
  specMin?: string;
  specMax?: string;
  specText?: string;
};

export type ProjectSeed = {
  createdDaysAgo: number;
  seq: number;
  name: string;
  unitCode: string;
  /** dict test_type: 1 化学, 2 物理, 3 微生物, 4 环境, 5 食品, 6 其他. */
  testType: string;
  manager: string;
  departCode: string;
  startInDays: number;
  dueInDays: number;
  /** dict project_status: 1 待受理, 2 进行中, 3 已完成, 4 已归档, 5 已取消. */
  status: string;
  amount: string;
  remark?: string;
  items: ProjectItemSeed[];
};

export const PROJECTS: ProjectSeed[] = [
  {
    createdDaysAgo: 45,
    seq: 1,
    name: '出厂水水质全分析',
    unitCode: 'KH0001',
    testType: '1',
    manager: 'lisi',
    departCode: 'A01A03',
    startInDays: -44,
    dueInDays: -10,
    status: '4',
    amount: '12800.00',
    items: [
      { itemName: '感官性状和一般化学指标', standard: 'GB/T 5750.4-2023', codeLines: 20 },
      { itemName: '金属指标', standard: 'GB/T 5750.6-2023', codeLines: 12 },
      { itemName: '微生物指标', standard: 'GB/T 5750.12-2023', codeLines: 4 },
      { itemName: '限值判定', standard: 'GB 5749-2022', codeLines: 1, remark: '按生活饮用水卫生标准判定' },
    ],
  },
  {
    createdDaysAgo: 45,
    seq: 2,
    name: '预包装食品季度抽检',
    unitCode: 'KH0004',
    testType: '5',
    manager: 'admin',
    departCode: 'A01A05',
    startInDays: -43,
    dueInDays: -15,
    status: '3',
    amount: '8600.00',
    items: [
      { itemName: '菌落总数', standard: 'GB 4789.2-2022', codeLines: 6, unit: 'CFU/g', specMax: '10000' },
      { itemName: '大肠菌群', standard: 'GB 4789.3-2016', codeLines: 6, unit: 'CFU/g', specMax: '10' },
      { itemName: '铅', standard: 'GB 5009.12-2023', codeLines: 6, unit: 'mg/kg', specMax: '0.2' },
    ],
  },
  {
    createdDaysAgo: 30,
    seq: 1,
    name: '太湖流域地表水例行监测',
    unitCode: 'KH0003',
    testType: '4',
    manager: 'lisi',
    departCode: 'A01A07',
    startInDays: -28,
    dueInDays: 3,
    status: '2',
    amount: '35000.00',
    remark: '每月采样一次，共 12 个断面',
    items: [
      { itemName: '化学需氧量', standard: 'HJ 828-2017', codeLines: 12, unit: 'mg/L', specMax: '20' },
      { itemName: '氨氮', standard: 'HJ 535-2009', codeLines: 12, unit: 'mg/L', specMax: '1.0' },
      { itemName: '总磷', standard: 'GB 11893-1989', codeLines: 12, unit: 'mg/L', specMax: '0.2' },
    ],
  },
  {
    createdDaysAgo: 20,
    seq: 1,
    name: '公共场所室内环境检测',
    unitCode: 'KH0002',
    testType: '2',
    manager: 'lisi',
    departCode: 'A01A04',
    startInDays: -18,
    dueInDays: 6,
    status: '2',
    amount: '6400.00',
    items: [
      {
        itemName: '噪声、照度、温湿度',
        standard: 'GB/T 18204.1-2013',
        codeLines: 8,
        specText: '符合 GB 37488-2019 要求',
      },
      { itemName: '甲醛', standard: 'GB/T 18204.2-2014', codeLines: 8, unit: 'mg/m³', specMax: '0.10' },
    ],
  },
  {
    createdDaysAgo: 15,
    seq: 1,
    name: '建筑材料物理性能检测',
    unitCode: 'KH0005',
    testType: '2',
    manager: 'admin',
    departCode: 'A01A04',
    startInDays: -14,
    dueInDays: 10,
    status: '5',
    amount: '4200.00',
    remark: '委托方工程暂停，项目取消',
    items: [
      { itemName: '水泥胶砂强度', standard: 'GB/T 17671-2021', codeLines: 3 },
      { itemName: '钢筋拉伸性能', standard: 'GB/T 228.1-2021', codeLines: 5 },
    ],
  },
  {
    createdDaysAgo: 10,
    seq: 1,
    name: '管网末梢水微生物监测',
    unitCode: 'KH0001',
    testType: '3',
    manager: 'lisi',
    departCode: 'A01A05',
    startInDays: -9,
    dueInDays: 12,
    status: '2',
    amount: '9800.00',
    items: [
      { itemName: '菌落总数', standard: 'GB/T 5750.12-2023', codeLines: 10 },
      { itemName: '总大肠菌群', standard: 'GB/T 5750.12-2023', codeLines: 10 },
    ],
  },
  {
    createdDaysAgo: 7,
    seq: 1,
    name: '食品添加剂专项检测',
    unitCode: 'KH0004',
    testType: '5',
    manager: 'admin',
    departCode: 'A01A03',
    startInDays: 2,
    dueInDays: 20,
    status: '1',
    amount: '5600.00',
    items: [
      { itemName: '苯甲酸、山梨酸', standard: 'GB 5009.28-2016', codeLines: 4 },
      { itemName: '糖精钠', standard: 'GB 5009.28-2016', codeLines: 4 },
    ],
  },
  {
    createdDaysAgo: 3,
    seq: 1,
    name: '农用地土壤重金属详查',
    unitCode: 'KH0003',
    testType: '4',
    manager: 'lisi',
    departCode: 'A01A07',
    startInDays: 5,
    dueInDays: 30,
    status: '1',
    amount: '48000.00',
    items: [
      { itemName: '镉、铅', standard: 'GB/T 17141-1997', codeLines: 40 },
      { itemName: '汞、砷', standard: 'GB/T 22105.1-2008', codeLines: 40 },
      { itemName: '风险筛选值判定', standard: 'GB 15618-2018', codeLines: 1 },
    ],
  },
  {
    createdDaysAgo: 3,
    seq: 2,
    name: '一次性使用卫生用品微生物检测',
    unitCode: 'KH0002',
    testType: '3',
    manager: 'lisi',
    departCode: 'A01A05',
    startInDays: -2,
    dueInDays: 1,
    status: '2',
    amount: '7200.00',
    items: [{ itemName: '细菌菌落总数、大肠菌群', standard: 'GB 15979-2002', codeLines: 6 }],
  },
  {
    createdDaysAgo: 1,
    seq: 1,
    name: '实验室间比对样品测试',
    unitCode: 'KH0001',
    testType: '6',
    manager: 'admin',
    departCode: 'A01A02',
    startInDays: -1,
    dueInDays: 14,
    status: '3',
    amount: '3000.00',
    remark: '能力验证比对，已出具结果',
    items: [{ itemName: 'pH 值、电导率', standard: 'GB/T 5750.4-2023', codeLines: 2 }],
  },
];
