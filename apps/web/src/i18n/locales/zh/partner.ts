/**
 * Partner enterprises (spec 2.2 /basicData/partner, 2.3 "list, bulk import, invite", 4 settled or not). Field
 * names, types, settlement, invitation states and failure reasons come from the contract's declaration.
 */
export const partner = {
  listDescription:
    '维护本企业的供应商与客户：已在平台完成认证的企业显示为已入驻，未入驻的企业可通过邮件邀请入驻；每次变更均记录区块链存证',
  tagsHint: '可输入多个标签，按回车或逗号分隔，最多 10 个',
  create: '新增合作企业',
  createTitle: '新增合作企业',
  confirmBatchDelete: '确定删除选中的 {{count}} 家合作企业吗？删除后不可恢复。',
  invite: {
    notNeeded: '无需邀请（已入驻）',
    action: '邀请入驻',
    batch: '批量邀请',
    title: '邀请入驻',
    intro: '将向以下 {{count}} 家合作企业发送中英双语的入驻邀请邮件，邀请其在平台注册并完成企业认证。',
    skipHint: '已入驻或未填写有效邮箱的企业将邀请失败，失败原因会列在结果中。',
    send: '发送邀请',
    resultTitle: '邀请结果',
    sent: '已发送 {{count}} 封邀请邮件',
    allSent: '邀请邮件已全部发送',
    failedTitle: '邀请失败的企业（{{count}}）',
    importFailedTitle: '以下 {{count}} 家企业邀请失败',
  },
};
