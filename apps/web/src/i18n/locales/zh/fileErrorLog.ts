/** Failed attachment transfers of documents (spec 2.1 /stage/fileErrorLog). */
export const fileErrorLog = {
  title: '附件传输失败记录',
  description:
    '单据附件上传失败（格式不符、超过 5MB、内容与扩展名不符或存储失败）时记录于此，请按原因处理后重新上传',
  backToConsole: '返回控制台',
  typeInStage: '{{title}}（{{stage}}）',
  fields: {
    createdAt: '失败时间',
    bizType: '单据类型',
    billType: '业务环节',
    bizNo: '业务单据',
    fileName: '文件名称',
    errorCode: '错误码',
    errorMsg: '失败原因',
  },
  stages: {
    purchase: '采购',
    production: '生产',
    sales: '销售',
    logistics: '物流',
    vehicleSales: '整车销售数据',
    keyParts: '关键零部件数据',
    nonKeyParts: '非关键零部件数据',
    partsSource: '零部件来源',
  },
};
