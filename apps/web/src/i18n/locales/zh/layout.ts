export const layout = {
  sidebar: {
    collapse: '收起侧边栏',
    expand: '展开侧边栏',
    notConfigured: '模块未配置',
  },
  breadcrumb: {
    home: '首页',
  },
  fullscreen: {
    enter: '全屏',
    exit: '退出全屏',
    unsupported: '您的浏览器不支持全屏',
  },
  user: {
    switchCompany: '切换企业',
    certifyCompany: '认证新企业',
    userCenter: '用户中心',
    logout: '退出登录',
  },
  tabs: {
    refresh: '刷新',
    close: '关闭',
    closeOthers: '关闭其他',
    closeAll: '关闭所有',
    more: '标签操作',
  },
};
