import type { Disclosure, PackageReport, Problem, ProblemCode } from './core.ts';

export type Lang = 'zh' | 'en';

/** Each problem of a package in words, zh and en: what failed, so a reader knows which file was changed. */
export const PROBLEM_MESSAGES: Record<ProblemCode, { zh: string; en: string }> = {
  zipMalformed: { zh: '不是有效的 zip 文件', en: 'Not a valid zip file' },
  zipTooLarge: {
    zh: '解压后过大，已拒绝（可能是压缩炸弹）',
    en: 'Inflates beyond the limit, refused (a zip bomb?)',
  },
  zipTooManyEntries: { zh: '文件数量过多，已拒绝', en: 'Too many entries, refused' },
  zipBadName: { zh: '包含非法路径的文件', en: 'An entry has an unsafe path' },
  manifestMissing: { zh: '缺少清单 manifest.json', en: 'The manifest (manifest.json) is missing' },
  manifestNotCanonical: {
    zh: '清单不是 RFC 8785 规范 JSON（已被修改）',
    en: 'The manifest is not RFC 8785 canonical JSON (it was changed)',
  },
  manifestInvalid: { zh: '清单格式无效', en: 'The manifest is not in the package format' },
  signaturesMissing: { zh: '缺少清单签名', en: 'The manifest signatures are missing' },
  platformKeyInvalid: { zh: '平台公钥文件无效', en: 'The platform key file is invalid' },
  platformSignature: {
    zh: '平台对清单的签名无效（清单或签名已被修改）',
    en: "The platform's signature of the manifest does not verify (manifest or signature changed)",
  },
  enterpriseSignature: {
    zh: '企业对清单的签名无效（清单或签名已被修改）',
    en: "The enterprise's signature of the manifest does not verify (manifest or signature changed)",
  },
  enterpriseUnsigned: { zh: '清单缺少企业签名', en: "The manifest lacks the enterprise's signature" },
  fileMissing: { zh: '清单列出的文件缺失', en: 'A file the manifest lists is missing' },
  fileHash: {
    zh: '文件的 SHA-256 与清单不符（文件已被修改）',
    en: "The file's SHA-256 differs from the manifest (the file was changed)",
  },
  fileUnlisted: { zh: '包中有清单未列出的文件', en: 'The package holds a file the manifest does not list' },
  recordInvalid: {
    zh: '记录文件无法读取或格式无效',
    en: 'The record file is unreadable or not in the format',
  },
  leafInvalid: { zh: '叶子数据不是规范的证据格式', en: 'The leaf data is not a canonical evidence leaf' },
  leafHash: { zh: '叶子哈希与叶子数据不符', en: 'The leaf hash does not match the leaf data' },
  inclusion: {
    zh: '包含证明无效：记录不在区块的默克尔树中',
    en: "The inclusion proof fails: the record is not in the block's Merkle tree",
  },
  blockHash: {
    zh: '区块头哈希不符（区块头已被修改）',
    en: 'The block header hash does not match (header changed)',
  },
  blockSignature: { zh: '区块头的平台签名无效', en: "The platform's block header signature does not verify" },
  batchSignature: { zh: '企业批次签名无效', en: "The enterprise's batch signature does not verify" },
  leafSignature: { zh: '企业签名无效', en: "The enterprise's signature does not verify" },
  opening: {
    zh: '记录内容与盐值不能打开链上的数据哈希（内容已被修改）',
    en: 'The record content and salt do not open the data hash on the ledger (content changed)',
  },
  attachmentMissing: { zh: '附件缺失', en: 'The attachment is missing' },
  attachmentHash: {
    zh: '附件的 SHA-256 与链上记录不符（附件已被修改）',
    en: 'The attachment SHA-256 differs from its ledger record (attachment changed)',
  },
  consistencyMissing: {
    zh: '缺少到最新区块的一致性证明',
    en: 'The consistency proof to the newest block is missing',
  },
  consistency: {
    zh: '一致性证明无效：区块不属于同一条账本',
    en: 'The consistency proof fails: the block is not of the same ledger',
  },
  didDocument: { zh: 'DID 文档与 DID 不符', en: 'The DID document does not match its DID' },
};

export const DISCLOSURE_LABELS: Record<Disclosure, { zh: string; en: string }> = {
  opened: { zh: '含内容与盐值', en: 'content and salt included' },
  withheld: { zh: '字段已隐去（未公开盐值）', en: 'fields withheld (salt not disclosed)' },
  notDisclosed: { zh: '仅链上证明（他方记录）', en: 'ledger proof only (counterparty record)' },
};

export const REPORT_LABELS = {
  ok: { zh: '通过', en: 'PASS' },
  fail: { zh: '未通过', en: 'FAIL' },
  overall: { zh: '证据包', en: 'Package' },
  tier: { zh: '层级', en: 'Tier' },
  records: { zh: '条记录', en: 'records' },
  failedCount: { zh: '条失败', en: 'failed' },
  blocks: { zh: '区块', en: 'Blocks' },
  platformKey: { zh: '平台公钥', en: 'Platform key' },
} as const;

export function problemText(problem: Problem, lang: Lang): string {
  const where = problem.path ? ` [${problem.path}]` : '';
  const detail = problem.detail ? ` ${problem.detail}` : '';
  return `${PROBLEM_MESSAGES[problem.code][lang]}${where}${detail}`;
}

/** The plain-text report the CLI prints: overall, per tier, per record. */
export function reportText(report: PackageReport, lang: Lang): string {
  const L = (k: keyof typeof REPORT_LABELS) => REPORT_LABELS[k][lang];
  const verdict = (ok: boolean) => (ok ? L('ok') : L('fail'));
  const lines: string[] = [];
  const m = report.manifest;
  lines.push(
    `${L('overall')}: ${verdict(report.ok)}${m ? `  (${m.scope.kind} ${m.scope.values.slice(0, 3).join(', ')}${m.scope.values.length > 3 ? ' …' : ''}, type ${m.type})` : ''}`,
  );
  if (report.platformKey) lines.push(`${L('platformKey')}: ${report.platformKey}`);
  for (const p of report.problems) lines.push(`  ✗ ${problemText(p, lang)}`);
  if (report.blocks.length > 0)
    lines.push(`${L('blocks')}: ${report.blocks.map((b) => `#${b.height} ${b.ok ? '✓' : '✗'}`).join(', ')}`);
  for (const t of report.tiers) {
    lines.push(
      `${L('tier')} ${t.tier}: ${verdict(t.ok)}  ${t.records} ${L('records')}, ${t.failed} ${L('failedCount')}`,
    );
    for (const r of report.records.filter((x) => x.tier === t.tier)) {
      lines.push(
        `  ${r.ok ? '✓' : '✗'} ${r.path} ${r.eventType} ${r.subjectType}:${r.subjectId} #${r.blockHeight ?? '-'} — ${DISCLOSURE_LABELS[r.disclosure][lang]}`,
      );
      for (const p of r.problems) lines.push(`      ${problemText(p, lang)}`);
    }
  }
  return lines.join('\n');
}
