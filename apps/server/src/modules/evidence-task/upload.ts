import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  ERRORS,
  EVIDENCE_UPLOAD_MAX_BYTES,
  EVIDENCE_VIN_COLUMN,
  FILE_TYPES,
  errorMessage,
  isAllowedFile,
  neutraliseFileName,
  type TBilingual,
  type TEvidenceUploadResult,
  type TLang,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { documents, products, projectCodes } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { readImportSheet } from '../../platform/imports/workbook-read.ts';
import { writeWorkbook } from '../../platform/imports/workbook-write.ts';
import { visibleRows } from '../../platform/list-query.ts';
import { insertUpload, uploadRow } from './repo.ts';

/*
 * The VIN/SN list of an evidence task (spec 2.4 "batch by uploaded spreadsheet", 5 "VIN list upload: xlsx
 * or xls, 500 by default"): read with the imports' bounded reader (inflation counted, rows capped), every
 * row checked (a VIN/SN of the enterprise, of the project when one is named, once in the list); a list with
 * a refused row is refused whole with F1016 and an error log, a list past the limit with B2211.
 */

const REASONS = {
  tooLong: { zh: 'VIN/SN 不能超过 50 个字符', en: 'A VIN/SN has at most 50 characters' },
  duplicate: { zh: '与第 {row} 行重复', en: 'Same as row {row}' },
  unknown: {
    zh: '不是本企业产品或单据中的 VIN/SN',
    en: "Not a VIN/SN of your enterprise's products or documents",
  },
  notInProject: { zh: '不属于项目 {project}', en: 'Not in project {project}' },
} satisfies Record<string, TBilingual>;

const say = (reason: TBilingual, lang: TLang, params: Record<string, string | number> = {}) =>
  reason[lang].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));

/** Bytes an upload may inflate to: a 500-row list is tens of kilobytes of XML. */
const MAX_INFLATED = 20 * 1024 * 1024;

const COLUMNS = [{ ...EVIDENCE_VIN_COLUMN, example: 'LGXCE4CB5P0000001' }];

/**
 * Reads an uploaded VIN list for the tenant (in `tx`) and keeps it (or its refused rows) under a new key.
 * Answers the upload result; a list with refused rows throws F1016 with that result as its data, once the
 * refused rows are stored (the caller commits `tx` first: see routes.ts).
 */
export async function readVinList(
  tx: Db,
  tenant: TenantContext,
  limit: number,
  upload: {
    fileName: string;
    content: Buffer;
    projectNumber?: string | undefined;
    enterpriseUuid?: string | undefined;
  },
  lang: TLang,
): Promise<TEvidenceUploadResult> {
  // The console sends the enterprise it works in; any other is not the caller's to name.
  if (upload.enterpriseUuid && upload.enterpriseUuid !== tenant.enterpriseUuid)
    throw new AppError('NOT_FOUND');
  const fileName = neutraliseFileName(upload.fileName);
  if (!isAllowedFile(fileName, upload.content, FILE_TYPES.vinList))
    throw new AppError('FILE_TYPE_INVALID', { types: FILE_TYPES.vinList.join('/') });
  if (upload.content.length > EVIDENCE_UPLOAD_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
  let projectId: number | null = null;
  if (upload.projectNumber) {
    const [project] = await tx
      .select({ id: projectCodes.id })
      .from(projectCodes)
      .where(and(visibleRows(projectCodes, tenant), eq(projectCodes.code, upload.projectNumber)))
      .limit(1);
    if (!project) throw new AppError('PACKAGE_SCOPE_NOT_FOUND', { value: upload.projectNumber });
    projectId = project.id;
  }
  const sheet = await readImportSheet(upload.content, COLUMNS, { maxInflatedBytes: MAX_INFLATED });
  if ('failure' in sheet) throw new AppError(sheet.failure);
  const rows = sheet.rows
    .map((r) => ({ row: r.rowNumber, vin: (r.cells[0] ?? '').trim() }))
    .filter((r) => r.vin !== '');
  if (rows.length === 0) throw new AppError('IMPORT_NO_ROWS');

  const vins = [...new Set(rows.map((r) => r.vin).filter((v) => v.length <= 50))];
  // The enterprise's products and documents of these VINs, within the caller's data permission.
  const productRows = vins.length
    ? await tx
        .select({ vin: products.vinSn, projectId: products.projectCodeId })
        .from(products)
        .where(and(visibleRows(products, tenant), inArray(products.vinSn, vins)))
    : [];
  const inProducts = new Map<string, Set<number | null>>();
  for (const p of productRows) {
    const set = inProducts.get(p.vin) ?? new Set();
    set.add(p.projectId);
    inProducts.set(p.vin, set);
  }
  const missing = vins.filter((v) => !inProducts.has(v));
  const docRows = missing.length
    ? await tx
        .selectDistinct({ vin: documents.vinSn })
        .from(documents)
        .where(and(visibleRows(documents, tenant), inArray(documents.vinSn, missing)))
    : [];
  const inDocs = new Set(docRows.map((d) => d.vin));

  const firstRow = new Map<string, number>();
  const errors: { row: number; vin: string; reason: string }[] = [];
  for (const { row, vin } of rows) {
    const reason =
      vin.length > 50
        ? say(REASONS.tooLong, lang)
        : firstRow.has(vin)
          ? say(REASONS.duplicate, lang, { row: firstRow.get(vin)! })
          : !inProducts.has(vin) && !inDocs.has(vin)
            ? say(REASONS.unknown, lang)
            : projectId !== null && !inProducts.get(vin)?.has(projectId)
              ? say(REASONS.notInProject, lang, { project: upload.projectNumber ?? '' })
              : null;
    if (!firstRow.has(vin)) firstRow.set(vin, row);
    if (reason) errors.push({ row, vin: vin.slice(0, 100), reason });
  }
  const listed = [...firstRow.keys()];
  // Rows are checked first (the reader caps them), so a long list with a bad row gets its error log.
  if (errors.length === 0 && listed.length > limit)
    throw new AppError('EVIDENCE_TOO_MANY_VINS', { limit: String(limit), count: String(listed.length) });
  const key = randomBytes(16).toString('hex');
  await insertUpload(tx, {
    key,
    enterpriseUuid: tenant.enterpriseUuid,
    createdBy: tenant.userId,
    projectNumber: upload.projectNumber ?? null,
    vins: errors.length ? [] : listed,
    errors,
    lang,
  });
  if (errors.length) {
    return {
      uniqueKey: null,
      errorMsg: errorMessage('FILE_ROWS_INVALID', lang),
      errorCode: ERRORS.FILE_ROWS_INVALID.code,
      errorKey: key,
      count: rows.length,
      sample: [],
    };
  }
  return {
    uniqueKey: key,
    errorMsg: null,
    errorCode: null,
    errorKey: null,
    count: listed.length,
    sample: listed.slice(0, 5),
  };
}

const LOG_HEADER = {
  zh: ['行号', 'VIN/SN', '错误原因'],
  en: ['Row', 'VIN/SN', 'Reason'],
};

/** The error log of a refused list (F1016), in the language it was uploaded in. */
export async function vinListErrorLog(
  tx: Db,
  tenant: TenantContext,
  errorKey: string,
): Promise<{ fileName: string; content: Buffer }> {
  const upload = await uploadRow(tx, tenant.enterpriseUuid, errorKey);
  if (!upload || upload.errors.length === 0) throw new AppError('NOT_FOUND');
  const lang = upload.lang;
  const content = await writeWorkbook(
    lang === 'zh' ? '错误日志' : 'Error log',
    LOG_HEADER[lang],
    upload.errors.map((e) => [e.row, e.vin, e.reason]),
  );
  return { fileName: lang === 'zh' ? 'VIN清单错误日志.xlsx' : 'VIN list error log.xlsx', content };
}
