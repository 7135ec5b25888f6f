export const log = {
  list: {
    description: '当前账号在本企业的登录、切换企业、发送验证码等操作记录',
  },
  details: {
    description: '一条操作记录的完整信息',
    card: '日志信息',
  },
  fields: {
    id: '日志编号',
    action: '操作类型',
    result: '操作结果',
    username: '操作账号',
    enterpriseName: '所属企业',
    ip: 'IP 地址',
    userAgent: '客户端',
    createdAt: '操作时间',
    detail: '附加信息',
  },
  result: {
    success: '成功',
    failure: '失败',
  },
  viewDetails: '详情',
};
