export const identify = {
  title: '企业认证',
  headline: {
    none: '当前账号尚未进入已认证的企业',
    submitted: '企业认证审核中',
    new: '认证新企业',
  },
  description: {
    none: '企业完成认证后，平台会为企业创建链上数字身份（DID）和平台托管的链上账户，您即可使用供应链溯源的全部功能。您也可以切换到已认证的关联企业，或申请加入已在平台认证的企业。',
    submitted:
      '企业认证资料已提交，平台将在约 2-3 天内完成审核。审核通过后即可进入控制台；如被退回，可修改后重新提交。',
    new: '为另一家企业办理认证。认证通过后，该企业会出现在您的关联企业列表中，可随时切换。',
  },
  steps: {
    submit: '提交认证资料',
    thirdParty: '第三方认证',
    audit: '平台审核（约 2-3 天）',
    did: '获得数字身份（DID）',
  },
  benefits: {
    title: '认证后企业将获得',
    did: '企业数字身份（DID）与平台托管的链上账户地址',
    evidence: '业务数据上链存证，并可出具区块链证书',
    console: '供应链溯源控制台的全部功能与成员权限管理',
  },
  enterprises: {
    title: '我的关联企业',
    empty: '暂无关联企业',
    usable: '可使用',
    current: '当前企业',
  },
  actions: {
    switch: '切换企业',
    applyLink: '添加关联企业',
    logout: '退出登录',
    backToConsole: '返回工作台',
  },
  limitReached: '您的账号已关联 {{max}} 家企业，暂时无法认证新企业',
};
