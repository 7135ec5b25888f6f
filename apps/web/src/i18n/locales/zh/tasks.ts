/** 后台任务（导入等）：状态、进度与操作。 */
export const tasks = {
  status: {
    pending: '待执行',
    underway: '执行中',
    suspended: '已暂停',
    cancelled: '已取消',
    withdrawn: '已撤回',
    completed: '已完成',
    failed: '失败',
  },
  fields: {
    status: '状态',
    progress: '进度',
    reason: '原因',
    operator: '操作人',
    createdAt: '创建时间',
    finishedAt: '结束时间',
    actions: '操作',
  },
  progress: {
    pending: '排队中，等待执行…',
    underway: '已处理 {{done}} / {{total}}',
    counting: '执行中…',
  },
  actions: {
    retry: '重试',
    cancel: '取消',
    withdraw: '撤回',
    download: '下载结果',
  },
  confirm: {
    retry: '确定重试该任务吗？问题未解决时，任务可能再次失败或暂停。',
    cancel: '确定取消该任务吗？取消后任务无法恢复。',
    withdraw: '确定撤回该任务吗？',
  },
  done: {
    retry: '任务已重新排队',
    cancel: '任务已取消',
    withdraw: '任务已撤回',
  },
  empty: '暂无任务',
};
