import { ERRORS, type TLang } from '@tracehub/contract';

// Every text printed on the certificates (certificate-pdf.ts), in both languages, in one place.

/** Evidence event types by name, as the console labels them (apps/web ledger.events). */
export const EVENT_TYPE_LABELS: Readonly<Record<string, { zh: string; en: string }>> = {
  'file.uploaded': { zh: '文件上传', en: 'File uploaded' },
  'file.deleted': { zh: '删除附件', en: 'Attachment deleted' },
  'enterprise.certified': { zh: '企业认证', en: 'Enterprise certified' },
  'company.updated': { zh: '企业信息变更', en: 'Company information changed' },
  'material.created': { zh: '新增物料', en: 'Material created' },
  'material.updated': { zh: '修改物料', en: 'Material changed' },
  'material.deleted': { zh: '删除物料', en: 'Material deleted' },
  'material.qualityAttached': { zh: '上传物料质检报告', en: 'Material quality report attached' },
  'partner.created': { zh: '新增合作企业', en: 'Partner created' },
  'partner.updated': { zh: '修改合作企业', en: 'Partner changed' },
  'partner.deleted': { zh: '删除合作企业', en: 'Partner deleted' },
  'partner.invited': { zh: '邀请合作企业入驻', en: 'Partner invited' },
  'partner.inviteFailed': { zh: '合作企业邀请失败', en: 'Partner invitation failed' },
  'materialRelation.created': { zh: '新增物料编码映射', en: 'Material code mapping created' },
  'materialRelation.updated': { zh: '修改物料编码映射', en: 'Material code mapping changed' },
  'materialRelation.deleted': { zh: '删除物料编码映射', en: 'Material code mapping deleted' },
  'materialRelation.linked': { zh: '关联物料编码映射', en: 'Material code mapping linked' },
  'materialRelation.unlinked': { zh: '取消关联物料编码映射', en: 'Material code mapping unlinked' },
  'product.created': { zh: '新增产品', en: 'Product created' },
  'product.updated': { zh: '修改产品', en: 'Product changed' },
  'product.deleted': { zh: '删除产品', en: 'Product deleted' },
  'product.carbonUploaded': { zh: '上传产品碳足迹', en: 'Product carbon footprint uploaded' },
};

/** The label of an event type; a type without one shows as recorded. */
export function eventTypeLabel(type: string, lang: TLang): string {
  const labels = Object.prototype.hasOwnProperty.call(EVENT_TYPE_LABELS, type)
    ? EVENT_TYPE_LABELS[type]
    : undefined;
  return labels ? labels[lang] : type;
}

const zh = {
  platform: 'Tracehub 供应链追溯平台',
  empty: '—',
  evidence: {
    title: '区块链存证证书',
    subtitle: 'BLOCKCHAIN EVIDENCE CERTIFICATE',
    statement:
      '兹证明下列业务数据已写入 Tracehub 区块链存证账本：其哈希作为 Merkle 树叶子被收录于经平台签名的区块中，出具本证书时已校验其包含证明。',
    fileName: (id: string) => `区块链存证证书-${id}.pdf`,
    seal: '存证专用',
    rows: {
      evidenceId: '存证编号',
      enterprise: '存证企业',
      did: '企业 DID',
      recordType: '存证类型',
      subjectId: '业务对象',
      fileName: '文件名称',
      txHash: '交易哈希（txHash）',
      fileHash: '文件哈希（SHA-256）',
      payloadHash: '数据哈希（SHA-256）',
      saltedPayloadHash: '数据哈希（加盐 SHA-256）',
      txTime: '存证时间',
      chainHeight: '区块高度',
      chainHash: '区块哈希',
      chainDate: '上链时间',
      anchor: '锚定交易',
      status: '存证状态',
      platformKey: '平台公钥指纹',
    },
    sealed: (height: number) => `已上链：收录于第 ${height} 号区块，区块已由平台 Ed25519 密钥签名`,
    anchorValue: (chainId: number, block: string) => `链 ID ${chainId} · ${block}`,
    anchorBlock: (n: number) => `区块 ${n}`,
    anchorAwaiting: '等待打包',
    anchorContract: '合约',
    anchorTx: '交易哈希',
    notAnchored: '尚未锚定至外部区块链',
  },
  certification: {
    title: '企业认证证书',
    subtitle: 'ENTERPRISE CERTIFICATION CERTIFICATE',
    statement:
      '兹证明下列企业已通过 Tracehub 平台认证，并在区块链上登记了数字身份。本证书同时以 W3C 可验证凭证的形式由平台签发。',
    fileName: (number: string) => `企业认证证书-${number}.pdf`,
    seal: '认证专用',
    rows: {
      number: '证书编号',
      name: '企业名称',
      englishName: '英文名称',
      usci: '统一社会信用代码',
      did: '企业 DID',
      chainAccount: '链上账户地址',
      issuedAt: '签发时间',
      issuer: '签发方 DID',
      credential: '凭证格式',
      txHash: '存证交易哈希',
      status: '存证状态',
    },
    credentialValue: 'W3C 可验证凭证 2.0 · eddsa-jcs-2022 数据完整性证明',
    sealed: (height: number, time: string) => `已上链：第 ${height} 号区块，${time}`,
    noEvidence: '未找到认证存证记录',
  },
  pending: ERRORS.LEDGER_NOT_SEALED.zh as string,
  qrCaption: '扫码在线验证',
  verifyTitle: '如何验证',
  verifyEvidence: [
    '扫描二维码或打开下方链接，浏览器将独立校验该记录的包含证明与区块签名。',
    '也可自行校验：GET /api/public/ledger/proof?hash=<交易哈希> 返回 RFC 9162 包含证明；按 RFC 8785 与 SHA-256 重算叶子哈希和区块哈希，沿审计路径算至区块根哈希，再用平台 Ed25519 公钥（GET /api/public/ledger/key，指纹为其 32 字节原始公钥的 SHA-256）验证区块签名。',
  ],
  verifyCertification: (number: string) => [
    '扫描二维码或打开下方链接，在线校验认证记录在存证账本中的包含证明。',
    `可验证凭证：GET /api/public/credentials/${number}，其 eddsa-jcs-2022 证明由签发方 DID（平台 Ed25519 密钥的 did:key）签署；企业 DID 文档：GET /api/public/did/<企业 DID>。`,
  ],
  generated: (time: string) => `本证书由 Tracehub 系统自动生成 · 生成时间 ${time}`,
  metaSubject: {
    evidence: 'Tracehub 区块链存证证书',
    certification: 'Tracehub 企业认证证书',
  },
};

export type CertificateLabels = typeof zh;

const en: CertificateLabels = {
  platform: 'Tracehub Supply-Chain Traceability Platform',
  empty: '—',
  evidence: {
    title: 'Blockchain Evidence Certificate',
    subtitle: 'RECORD OF THE TRACEHUB EVIDENCE LEDGER',
    statement:
      'This certifies that the business data below was written to the Tracehub blockchain evidence ledger: its hash is a Merkle tree leaf included in a block signed by the platform, and its inclusion proof was verified when this certificate was issued.',
    fileName: (id: string) => `blockchain-evidence-certificate-${id}.pdf`,
    seal: 'EVIDENCE',
    rows: {
      evidenceId: 'Evidence ID',
      enterprise: 'Enterprise',
      did: 'Enterprise DID',
      recordType: 'Record type',
      subjectId: 'Subject',
      fileName: 'File name',
      txHash: 'Transaction hash (txHash)',
      fileHash: 'File hash (SHA-256)',
      payloadHash: 'Data hash (SHA-256)',
      saltedPayloadHash: 'Data hash (salted SHA-256)',
      txTime: 'Recorded',
      chainHeight: 'Block height',
      chainHash: 'Block hash',
      chainDate: 'Recorded on chain',
      anchor: 'Anchor transaction',
      status: 'Status',
      platformKey: 'Platform key fingerprint',
    },
    sealed: (height: number) =>
      `On chain: included in block ${height}, signed with the platform's Ed25519 key`,
    anchorValue: (chainId: number, block: string) => `Chain ID ${chainId} · ${block}`,
    anchorBlock: (n: number) => `block ${n}`,
    anchorAwaiting: 'awaiting inclusion',
    anchorContract: 'Contract',
    anchorTx: 'Tx hash',
    notAnchored: 'Not anchored to an external blockchain yet',
  },
  certification: {
    title: 'Enterprise Certification Certificate',
    subtitle: 'DIGITAL IDENTITY ON THE TRACEHUB LEDGER',
    statement:
      'This certifies that the enterprise below passed the Tracehub platform certification and registered its digital identity on the blockchain. The platform also issued this certificate as a W3C verifiable credential.',
    fileName: (number: string) => `enterprise-certificate-${number}.pdf`,
    seal: 'CERTIFIED',
    rows: {
      number: 'Certificate number',
      name: 'Enterprise name',
      englishName: 'English name',
      usci: 'Unified social credit code',
      did: 'Enterprise DID',
      chainAccount: 'Chain account address',
      issuedAt: 'Issued',
      issuer: 'Issuer DID',
      credential: 'Credential format',
      txHash: 'Evidence transaction hash',
      status: 'Status',
    },
    credentialValue: 'W3C Verifiable Credential 2.0 · eddsa-jcs-2022 Data Integrity proof',
    sealed: (height: number, time: string) => `On chain: block ${height}, ${time}`,
    noEvidence: 'No certification evidence was found',
  },
  pending: ERRORS.LEDGER_NOT_SEALED.en,
  qrCaption: 'Scan to verify online',
  verifyTitle: 'How to verify',
  verifyEvidence: [
    'Scan the QR code or open the link below: your browser checks the inclusion proof and the block signature itself.',
    "Or use your own code: GET /api/public/ledger/proof?hash=<txHash> gives the RFC 9162 inclusion proof. Recompute the leaf and block hashes (RFC 8785, SHA-256), follow the audit path to the block's root hash and check the block signature with the platform's Ed25519 key (GET /api/public/ledger/key; the fingerprint is the SHA-256 of its 32 raw bytes).",
  ],
  verifyCertification: (number: string) => [
    'Scan the QR code or open the link below to check the inclusion proof of the certification record on the evidence ledger.',
    `The verifiable credential: GET /api/public/credentials/${number}; its eddsa-jcs-2022 proof is signed by the issuer DID (the did:key of the platform's Ed25519 key). The enterprise's DID document: GET /api/public/did/<enterprise DID>.`,
  ],
  generated: (time: string) => `Generated automatically by Tracehub · ${time}`,
  metaSubject: {
    evidence: 'Tracehub blockchain evidence certificate',
    certification: 'Tracehub enterprise certification certificate',
  },
};

export const CERTIFICATE_LABELS: Readonly<Record<TLang, CertificateLabels>> = { zh, en };
