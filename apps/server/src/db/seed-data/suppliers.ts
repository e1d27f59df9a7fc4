/**
 * Demo suppliers (demo install only). Credit codes are valid GB 32100-2015 codes of fictitious
 * companies. `expiryInDays` places the qualification expiry relative to the seed date: some
 * expired, some within 30 days, most later.
 */
export type SupplierSeed = {
  code: string;
  name: string;
  creditCode: string;
  /** dict supplier_type: 1 试剂耗材, 2 仪器设备, 3 检测服务, 4 其他. */
  supplierType: string;
  contact: string;
  phone: string;
  email: string;
  address: string;
  businessScope: string;
  expiryInDays: number;
  /** dict supplier_status: 1 合格, 2 待评估, 3 停用. */
  status: string;
  remark?: string;
};

export const SUPPLIERS: SupplierSeed[] = [
  {
    code: 'GYS0001',
    name: '北京华测科仪仪器设备有限公司',
    creditCode: '91110108MA5H07RC02',
    supplierType: '2',
    contact: '王建国',
    phone: '010-62881234',
    email: 'sales@hcky-bj.cn',
    address: '北京市海淀区中关村南大街 12 号科研楼 5 层',
    businessScope: '气相色谱仪、液相色谱仪、原子吸收光谱仪的销售、安装与维修',
    expiryInDays: 365,
    status: '1',
  },
  {
    code: 'GYS0002',
    name: '上海博研化学试剂有限公司',
    creditCode: '91310115MA1K62P04Y',
    supplierType: '1',
    contact: '周丽',
    phone: '021-58761020',
    email: 'service@boyan-chem.cn',
    address: '上海市浦东新区张江高科技园区郭守敬路 351 号',
    businessScope: '分析纯、优级纯化学试剂，色谱级溶剂，有证标准物质',
    expiryInDays: 180,
    status: '1',
  },
  {
    code: 'GYS0003',
    name: '苏州清源实验耗材有限公司',
    creditCode: '91320506MA97QWLQ5B',
    supplierType: '1',
    contact: '吴海峰',
    phone: '0512-65203318',
    email: 'order@qingyuan-lab.cn',
    address: '江苏省苏州市吴中区吴中大道 1368 号',
    businessScope: '移液器吸头、离心管、培养皿、滤膜等实验室耗材',
    expiryInDays: 21,
    status: '1',
    remark: '资质即将到期，已通知对方提交新证书',
  },
  {
    code: 'GYS0004',
    name: '深圳安正计量检测技术有限公司',
    creditCode: '91440305MANN7B7B2R',
    supplierType: '3',
    contact: '黄志强',
    phone: '0755-86713245',
    email: 'cal@anzheng-metrology.cn',
    address: '广东省深圳市南山区科技园南区高新南七道 6 号',
    businessScope: '天平、移液器、温湿度计等仪器设备的检定与校准',
    expiryInDays: -5,
    status: '2',
    remark: 'CNAS 证书已过期，待重新评估',
  },
  {
    code: 'GYS0005',
    name: '杭州微谱生物科技有限公司',
    creditCode: '91330106MAF95KX716',
    supplierType: '1',
    contact: '陈晓燕',
    phone: '0571-88216650',
    email: 'bio@weipu-bio.cn',
    address: '浙江省杭州市西湖区文三路 478 号',
    businessScope: '微生物培养基、标准菌株、生化鉴定试剂盒',
    expiryInDays: 7,
    status: '1',
  },
  {
    code: 'GYS0006',
    name: '武汉精创环境仪器有限公司',
    creditCode: '91420111MARWD8CC25',
    supplierType: '2',
    contact: '刘明',
    phone: '027-87651198',
    email: 'info@jingchuang-env.cn',
    address: '湖北省武汉市洪山区珞喻路 1037 号',
    businessScope: '烟气分析仪、水质采样器、环境空气颗粒物采样器',
    expiryInDays: 540,
    status: '1',
  },
  {
    code: 'GYS0007',
    name: '天津海标标准物质技术有限公司',
    creditCode: '91120116MA44YMW90C',
    supplierType: '1',
    contact: '赵敏',
    phone: '022-25761302',
    email: 'rm@haibiao-rm.cn',
    address: '天津市滨海新区第三大街 52 号',
    businessScope: '水质、土壤、食品基体标准物质的研制与销售',
    expiryInDays: 90,
    status: '1',
  },
  {
    code: 'GYS0008',
    name: '成都蓉信实验室设备工程有限公司',
    creditCode: '91510107MAB1YAP933',
    supplierType: '4',
    contact: '孙伟',
    phone: '028-85539876',
    email: 'project@rongxin-lab.cn',
    address: '四川省成都市武侯区武侯大道 288 号',
    businessScope: '实验室家具、通风系统的设计与安装',
    expiryInDays: -45,
    status: '3',
    remark: '资质过期且未续期，已停止合作',
  },
  {
    code: 'GYS0009',
    name: '广州德谱分析仪器有限公司',
    creditCode: '91440106MAYQNX243A',
    supplierType: '2',
    contact: '梁嘉豪',
    phone: '020-38827610',
    email: 'support@depu-inst.cn',
    address: '广东省广州市天河区科韵路 16 号',
    businessScope: '电感耦合等离子体质谱仪、离子色谱仪的销售与技术服务',
    expiryInDays: 270,
    status: '1',
  },
];
