export const log = {
  list: {
    description: '本企业每一次数据新增、修改、删除的记录，以及账号的登录、切换企业等操作记录',
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
  tabs: {
    changes: '数据变更',
    signIns: '登录日志',
  },
  audit: {
    tableName: '数据类型',
    recordId: '记录ID',
    fields: '变更字段',
    onBehalfOf: '代理企业',
    card: '数据变更',
    changes: '变更内容',
    field: '字段',
    before: '变更前',
    after: '变更后',
    export: '导出',
  },
  viewDetails: '详情',
};
