export const errors = {
  notFound: {
    title: '页面不存在',
    description: '您访问的页面不存在或已被移除，请检查地址是否正确。',
  },
  forbidden: {
    title: '没有访问权限',
    description: '您没有访问该页面的权限，如需访问请联系企业管理员。',
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
  },
};
