/**
 * Demo laboratory work (demo install only): samples of three demo projects in every state, their
 * analyses with results (one 超标), verifications and one published report — each step done by the
 * demo user whose role does it (赵六 registers and receives, 孙七 enters, 周八 assigns, verifies,
 * approves and publishes). Times are [days before the seed date, 'HH:mm'] in the configured zone.
 * The seed writes the records as the steps leave them and an audit entry for every step.
 */
export type At = readonly [daysAgo: number, time: string];

export type AnalysisSeed = {
  /** The project's test item (its name in PROJECTS). */
  item: string;
  analyst?: string;
  assignedAt?: At;
  /** A due date other than the project's (days from the seed date). */
  dueInDays?: number;
  /** Results in the order entered; a later one is a change with its reason. */
  results?: { value: string; at: At; reason?: string }[];
  outOfSpec?: boolean;
  verifiedAt?: At;
};

export type SampleSeed = {
  /** Index of the project in PROJECTS (0-based). */
  project: number;
  /** Sequence of the sample number on its registration day (YP + yyyyMMdd + seq). */
  seq: number;
  name: string;
  /** lims_sample_type: 1 水质, 2 土壤, 3 空气, 4 食品, 5 材料, 9 其他. */
  sampleType: string;
  quantity: string;
  unit: string;
  registeredAt: At;
  /** lims_sample_condition: 1 完好 … */
  received?: { at: At; condition: string; location: string };
  returned?: { at: At; reason: string };
  analyses?: AnalysisSeed[];
  remark?: string;
};

export const LIMS_REGISTRAR = 'zhaoliu';
export const LIMS_ANALYST = 'sunqi';
export const LIMS_REVIEWER = 'zhouba';
/** Who generated the demo report (approved and published by the reviewer). */
export const LIMS_REPORT_AUTHOR = 'admin';

const WATER = 2; // 太湖流域地表水例行监测 (进行中): every sample state
const FOOD = 1; // 预包装食品季度抽检 (已完成): the published report
const AIR = 3; // 公共场所室内环境检测 (进行中)

const food = (seq: number, name: string, results: [string, string, string]): SampleSeed => ({
  project: FOOD,
  seq,
  name,
  sampleType: '4',
  quantity: '500',
  unit: 'g',
  registeredAt: [42, '09:30'],
  received: { at: [42, '10:15'], condition: '1', location: '冷藏柜 B-02' },
  analyses: ['菌落总数', '大肠菌群', '铅'].map((item, i) => ({
    item,
    analyst: LIMS_ANALYST,
    assignedAt: [42, '10:40'] as At,
    results: [{ value: results[i], at: [21, `14:${String(10 + i * 5)}`] as At }],
    outOfSpec: false,
    verifiedAt: [20, '10:20'] as At,
  })),
});

const water = (seq: number, name: string, registeredAt: At, rest: Partial<SampleSeed>): SampleSeed => ({
  project: WATER,
  seq,
  name,
  sampleType: '1',
  quantity: '2',
  unit: 'L',
  registeredAt,
  ...rest,
});

export const LIMS_SAMPLES: SampleSeed[] = [
  food(1, '原味饼干', ['3200', '6', '0.05']),
  food(2, '全麦面包', ['8600', '8', '0.08']),
  water(1, '1 号断面表层水', [6, '08:40'], {
    received: { at: [6, '09:20'], condition: '1', location: '样品冰箱 A-01' },
    analyses: [
      {
        item: '化学需氧量',
        analyst: LIMS_ANALYST,
        assignedAt: [6, '09:50'],
        results: [
          { value: '18', at: [5, '14:10'] },
          { value: '16', at: [5, '16:30'], reason: '核对原始记录后更正：稀释倍数录入错误' },
        ],
        outOfSpec: false,
        verifiedAt: [4, '10:00'],
      },
      {
        item: '氨氮',
        analyst: LIMS_ANALYST,
        assignedAt: [6, '09:50'],
        results: [{ value: '1.35', at: [5, '14:20'] }],
        outOfSpec: true,
        verifiedAt: [4, '10:05'],
      },
      {
        item: '总磷',
        analyst: LIMS_ANALYST,
        assignedAt: [6, '09:50'],
        results: [{ value: '0.12', at: [5, '14:30'] }],
        outOfSpec: false,
        verifiedAt: [4, '10:10'],
      },
    ],
  }),
  water(1, '2 号断面表层水', [2, '08:50'], {
    received: { at: [2, '09:30'], condition: '1', location: '样品冰箱 A-02' },
    analyses: [
      {
        item: '化学需氧量',
        analyst: LIMS_ANALYST,
        assignedAt: [2, '10:00'],
        results: [{ value: '12', at: [1, '11:00'] }],
        outOfSpec: false,
      },
      {
        item: '氨氮',
        analyst: LIMS_ANALYST,
        assignedAt: [2, '10:00'],
        results: [{ value: '0.42', at: [1, '11:05'] }],
        outOfSpec: false,
        verifiedAt: [1, '15:00'],
      },
      { item: '总磷', analyst: LIMS_ANALYST, assignedAt: [2, '10:00'], dueInDays: -1 },
    ],
  }),
  water(2, '3 号断面表层水', [2, '08:55'], {
    received: { at: [1, '09:00'], condition: '3', location: '样品冰箱 A-03' },
    remark: '样品量偏少，已与委托方确认可检测',
    analyses: [
      { item: '化学需氧量', analyst: LIMS_ANALYST, assignedAt: [1, '09:30'] },
      { item: '氨氮', analyst: LIMS_ANALYST, assignedAt: [1, '09:30'] },
      { item: '总磷' },
    ],
  }),
  water(1, '4 号断面表层水', [1, '08:35'], {}),
  water(1, '5 号断面表层水', [3, '08:45'], {
    returned: { at: [3, '09:10'], reason: '采样瓶破损渗漏，剩余样品不足以检测，请委托方重新采样' },
  }),
  {
    project: AIR,
    seq: 2,
    name: '一层大堂室内空气',
    sampleType: '3',
    quantity: '1',
    unit: '组',
    registeredAt: [3, '10:00'],
    received: { at: [3, '10:30'], condition: '1', location: '样品柜 C-03' },
    analyses: [
      {
        item: '噪声、照度、温湿度',
        analyst: LIMS_ANALYST,
        assignedAt: [3, '11:00'],
        results: [{ value: '符合', at: [2, '16:00'] }],
        outOfSpec: false,
      },
      {
        item: '甲醛',
        analyst: LIMS_ANALYST,
        assignedAt: [3, '11:00'],
        results: [{ value: '0.06', at: [2, '16:10'] }],
        outOfSpec: false,
        verifiedAt: [1, '09:30'],
      },
    ],
  },
];

/** The published certificate of analysis: both samples of the food project. */
export const LIMS_REPORT = {
  project: FOOD,
  seq: 1,
  generatedAt: [18, '14:00'] as At,
  approvedAt: [17, '10:30'] as At,
  publishedAt: [16, '09:10'] as At,
};
