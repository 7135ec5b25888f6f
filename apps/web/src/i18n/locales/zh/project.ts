/**
 * Project codes (spec 2.2 /basicData/project, 3 "Project code"). Field names and the list's sentences come
 * from the contract's declaration (projectRecord) and the `records` texts.
 */
export const project = {
  listDescription: '维护本企业的项目编号：可批量导入、导出，并为项目上传附件；每次变更均记录区块链存证',
};
