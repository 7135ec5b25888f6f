import { z } from 'zod';
import { DOCUMENT_TYPE_CODES } from './document-types.ts';
import { endpoint } from './endpoint.ts';
import { listRequest, ZListResponse } from './list.ts';

/*
 * Failed attachment transfers (spec 2.1 /stage/fileErrorLog, named target StageFileErrorLog with query
 * bizType and billType): every refused upload of a document's attachment (wrong extension, over 5 MB,
 * content not matching its extension, storage failure) is kept with its reason, per enterprise.
 */

/** One refused attachment upload. */
export const ZFileTransferError = z.object({
  id: z.number().int(),
  /** The document type's numeric code (the upload's bizType, e.g. '110'). */
  bizType: z.string(),
  /** The type's bill stage (10-80, BILL_STAGES). */
  billType: z.number().int().nullable(),
  /** The record the attachment was for (`<pageCode>:<key>`), '' without one. */
  bizNo: z.string(),
  fileName: z.string(),
  /** The refusal's catalogue code (F1001 too large, F1002 wrong type or content, E1000 storage ...). */
  errorCode: z.string(),
  /** The refusal as the uploader read it, in the uploader's language. */
  errorMsg: z.string(),
  createdAt: z.number().int(),
});
export type TFileTransferError = z.infer<typeof ZFileTransferError>;

export const ZFileTransferErrorFilters = {
  bizType: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^[0-9]{3}$/))
    .optional(),
  billType: z.coerce.number().int().min(0).max(999).optional(),
  /** The file name contains it. */
  fileName: z.string().trim().max(200).optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

export const fileErrorLogEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/stage/fileErrorLog/page',
    input: listRequest(ZFileTransferErrorFilters),
    output: ZListResponse(ZFileTransferError),
    reads: true,
    auth: 'enterprise',
    permission: DOCUMENT_TYPE_CODES,
    tag: 'file',
    summary:
      "The enterprise's refused attachment uploads of documents, newest first: filters bizType (document type code), billType (stage), fileName (contains), createdFrom/createdTo; sortField createdAt. Any document page's code suffices",
  }),
};
