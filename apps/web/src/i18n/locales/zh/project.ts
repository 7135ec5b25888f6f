/** Project codes (spec 2.2 /basicData/project, 3 "Project code"). */
export const project = {
  listDescription: '维护本企业的项目编号：可批量导入、导出，并为项目上传附件；每次变更均记录区块链存证',
  fields: {
    code: '项目编号',
    notes: '备注',
    createdAt: '创建时间',
    updatedAt: '更新时间',
  },
  create: '新增项目编号',
  createTitle: '新增项目编号',
  editTitle: '编辑项目编号',
  detailTitle: '项目编号详情',
  edit: '编辑',
  delete: '删除',
  created: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
  confirmDelete: '确定删除项目编号“{{code}}”吗？删除后不可恢复。',
};
