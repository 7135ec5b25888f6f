/**
 * Materials (spec 2.2 /basicData/materialData and materialDataIn, 3 "Material"). Field names and the words
 * that differ by nature come from the contract's declarations.
 */
export const material = {
  purchased: {
    listDescription: '维护本企业的外购物料：可批量导入、导出，上传质检报告；每次变更均记录区块链存证',
  },
  homemade: {
    listDescription: '维护本企业的自制半成品：可批量导入、导出，上传质检报告；每次变更均记录区块链存证',
  },
  weightHint: '不小于 0，整数最多 9 位，小数最多 4 位',
  confirmBatchDelete: '确定删除选中的 {{count}} 条数据吗？删除后不可恢复。',
  quality: {
    upload: '上传质检报告',
    replace: '更换质检报告',
    uploadConfirm: '上传',
    drop: '将质检报告拖到此处，或点击选择文件',
    dropHint: '支持 {{types}} 格式，文件大小不超过 5MB',
    current: '当前质检报告：{{name}}',
    attached: '质检报告已上传，已记录区块链存证',
  },
};
