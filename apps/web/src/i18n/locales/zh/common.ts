export const common = {
  productName: 'Tracehub 供应链溯源平台',
  productTagline: '供应链溯源平台',
  titleSuffix: '溯源平台',
  noData: '暂无数据',
  actions: {
    confirm: '确定',
    cancel: '取消',
    back: '返回',
    search: '搜索',
    reset: '重置',
    view: '查看',
    submit: '提交',
    backHome: '返回首页',
    iKnow: '我知道了',
    expand: '展开',
    collapse: '收起',
  },
  dialog: {
    prompt: '提示',
    attention: '注意',
  },
  lang: {
    label: '切换语言',
    switched: '语言切换成功',
  },
  scene: {
    US: '合规溯源',
    EU: '原材料溯源',
    USEU: '合规溯源 · 原材料溯源',
  },
  request: {
    timeout: '请求超时，请稍后再试',
    network: '网络错误：{{detail}}',
    failed: '请求失败（HTTP {{status}}），请稍后再试',
  },
  crash: {
    title: '页面出错了',
    description: '页面运行时发生错误，请刷新后重试。',
    reload: '刷新页面',
  },
  yes: '是',
  no: '否',
};
