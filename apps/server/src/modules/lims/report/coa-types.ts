/** The contents of a certificate of analysis (检测报告) as the PDF prints them. */

/** Everything a certificate of analysis (检测报告) shows, as text ready to print. */
export type CoaData = {
  reportNo: string;
  versionNo: number;
  /** 草稿, 已审批, 已发布, 已作废. */
  statusText: string;
  draft: boolean;
  voided: boolean;
  /** The number of the report this version replaces, and why. */
  previousNo: string | null;
  amendReason: string | null;
  /** Issue date-time (publication), or null before. */
  issuedAt: string | null;
  customer: { unitName: string; address: string; contactName: string; contactPhone: string };
  project: { projectNo: string; name: string; testTypeText: string; managerName: string };
  samples: {
    sampleNo: string;
    name: string;
    typeText: string;
    quantity: string;
    conditionText: string;
    receivedBy: string;
    receivedAt: string;
  }[];
  results: {
    sampleNo: string;
    itemName: string;
    standard: string;
    unit: string;
    limit: string;
    result: string;
    /** true 超标, false 合格, null no numeric/text judgement. */
    outOfSpec: boolean | null;
  }[];
  /** 检测 / 复核 / 审批 / 签发: names and date-times. */
  signatures: { role: string; names: string; at: string }[];
};

/** The limits of a result as printed: `a ~ b`, `≥ a`, `≤ b`, or the text specification. */
export function limitText(min: string | null, max: string | null, text: string | null): string {
  const n = (v: string | null) => (v === null || v === '' ? null : String(Number(v)));
  const lo = n(min);
  const hi = n(max);
  if (lo !== null && hi !== null) return `${lo} ~ ${hi}`;
  if (lo !== null) return `≥ ${lo}`;
  if (hi !== null) return `≤ ${hi}`;
  return text?.trim() || '—';
}
