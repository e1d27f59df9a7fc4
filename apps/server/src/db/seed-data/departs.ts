/**
 * Departments, by org code (A01, A02 top level; A01A01 ... their children). The parent of a code
 * is the code without its last 3 characters; siblings are ordered as listed.
 */
export type DepartSeed = { orgCode: string; departName: string; mobile?: string; address?: string };

export const DEPARTS: DepartSeed[] = [
  { orgCode: 'A01', departName: '检测中心', mobile: '0510-85200000', address: '江苏省无锡市滨湖区蠡湖大道 1800 号' },
  { orgCode: 'A01A01', departName: '综合办公室' },
  { orgCode: 'A01A02', departName: '质量管理部' },
  { orgCode: 'A01A03', departName: '化学检测室' },
  { orgCode: 'A01A04', departName: '物理检测室' },
  { orgCode: 'A01A05', departName: '微生物检测室' },
  { orgCode: 'A01A06', departName: '业务受理部' },
  { orgCode: 'A01A07', departName: '环境检测实验室' },
  {
    orgCode: 'A02',
    departName: '分析测试分公司',
    mobile: '0512-66880000',
    address: '江苏省苏州市吴中区东吴南路 99 号',
  },
  { orgCode: 'A02A01', departName: '样品管理部' },
];

/** '' for a top-level code. */
export function parentOrgCode(orgCode: string): string {
  return orgCode.slice(0, -3);
}
