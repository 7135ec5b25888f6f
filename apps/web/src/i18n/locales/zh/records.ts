/**
 * The sentences of every catalogue list (shared/list/recordResource): the record's noun fills them in, so a
 * list declared in the contract's record catalogue needs no texts of its own. Field names come from the
 * declaration itself.
 */
export const records = {
  create: '新增{{noun}}',
  createTitle: '新增{{noun}}',
  editTitle: '编辑{{noun}}',
  detailTitle: '{{Noun}}详情',
  edit: '编辑',
  delete: '删除',
  batchDelete: '批量删除',
  created: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
  confirmDelete: '确定删除{{noun}}“{{name}}”吗？删除后不可恢复。',
  confirmBatchDelete: '确定删除选中的 {{count}} 条{{noun}}吗？删除后不可恢复。',
};
