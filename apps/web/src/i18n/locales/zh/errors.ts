export const errors = {
  notFound: {
    title: '页面不存在',
    description: '您访问的页面不存在或已被移除，请检查地址是否正确。',
  },
  forbidden: {
    title: '没有访问权限',
    description: '您没有访问该页面的权限，如需访问请联系企业管理员。',
    // Inside the console: the page exists, the member's roles do not grant it (AccessReason says why).
    embedded: '此页面存在，但您当前的权限无法访问。',
  },
  unauthorized: {
    title: '未登录或登录已失效',
    description: '请重新登录后再访问该页面。',
  },
  moduleNotConfigured: {
    title: '模块未配置',
    description: '该模块尚未为贵企业配置，请联系企业管理员。',
    named: '{{module}}模块未配置，请联系企业管理员。',
    backToWorkbench: '返回工作台',
    // What the member reads below: the module is missing; AccessReason says whom to ask.
    namedOnly: '平台尚未为贵企业配置{{module}}模块。',
    plain: '平台尚未为贵企业配置该模块。',
  },
  access: {
    roles: '您的角色（{{roles}}）不包含此页面。',
    noRole: '您的账号尚未分配角色，因此只能看到个人中心。',
    askAdmin: '如需访问，请联系企业管理员 {{admin}} 为您的角色授权。',
    unknownAdmin: '（企业尚无管理员）',
    adminForbidden: '该页面不适用于贵企业（取决于企业类型和场景）。如需开通，请联系平台运营方。',
    adminNotConfigured: '您是企业管理员：模块由平台运营方为企业配置，请联系平台运营方（可提交工单）开通。',
  },
};
