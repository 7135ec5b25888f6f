import { describe, expect, it } from 'vitest';
import { buildMenuTree, ENTERPRISE_MENU_TREE, ERRORS, LIMITS, type TImportRecord } from '@tracehub/contract';
import { fallbackFileName, fileNameFromDisposition } from '../src/api/fileNames';
import { backTarget, buildPageRoutes, matchPageRoute, sidebarSelectedKey } from '../src/app/menuRoutes';
import { acceptOf, checkUploadFile } from '../src/shared/fileCheck';
import {
  attachmentBizNo,
  errorLogFileName,
  exportRequest,
  importFailureMessage,
  importView,
  progressPercent,
  stepIndex,
} from '../src/shared/list/importModel';

const record = (patch: Partial<TImportRecord> = {}): TImportRecord => ({
  id: 'imp-1',
  kind: 'project',
  fileName: 'projects.xlsx',
  fileHash: 'a'.repeat(64),
  status: 'completed',
  importNum: 10,
  processed: 10,
  successNum: 10,
  defeatNum: 0,
  existNum: 0,
  hasErrorLog: false,
  errorCode: null,
  operator: 'demo-auto',
  createdAt: 1,
  finishedAt: 2,
  ...patch,
});

const ZIP = [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00];
const file = (name: string, bytes: readonly number[], size?: number) => {
  const blob = new Blob([new Uint8Array(bytes)]);
  return { name, size: size ?? blob.size, slice: blob.slice.bind(blob) };
};

describe('bulk import flow', () => {
  it('is at step 1 until a file is uploaded and while its rows are handled', () => {
    expect(importView(null)).toEqual({ step: 'choose' });
    for (const status of ['queued', 'running'] as const) {
      const view = importView(record({ status, processed: 3 }));
      expect(view.step).toBe('running');
      expect(stepIndex(view)).toBe(0);
    }
  });

  it('shows step 2 when any row was refused, step 3 only when every row was written', () => {
    expect(importView(record({ successNum: 7, defeatNum: 2, existNum: 1 })).step).toBe('partial');
    expect(importView(record({ successNum: 0, defeatNum: 10 })).step).toBe('partial');
    expect(importView(record({ successNum: 9, existNum: 1 })).step).toBe('partial');
    expect(stepIndex(importView(record({ successNum: 0, defeatNum: 10 })))).toBe(1);
    const done = importView(record());
    expect(done.step).toBe('done');
    expect(stepIndex(done)).toBe(2);
    // A file the server could not use is a result (step 2), not a success.
    const failed = importView(record({ status: 'failed', errorCode: 'F1003', successNum: 0, importNum: 0 }));
    expect(failed.step).toBe('failed');
    expect(stepIndex(failed)).toBe(1);
  });

  it('counts progress in whole percent of the rows found, never beyond 100', () => {
    expect(progressPercent({ processed: 0, importNum: 0 })).toBe(0);
    expect(progressPercent({ processed: 1, importNum: 3 })).toBe(33);
    expect(progressPercent({ processed: 2000, importNum: 2000 })).toBe(100);
    expect(progressPercent({ processed: 5, importNum: 4 })).toBe(100);
  });

  it("words a failed import with the catalogue's message for its code in the language", () => {
    expect(importFailureMessage(ERRORS.IMPORT_FILE_UNREADABLE.code, 'zh')).toBe(
      ERRORS.IMPORT_FILE_UNREADABLE.zh,
    );
    expect(importFailureMessage(ERRORS.IMPORT_FILE_UNREADABLE.code, 'en')).toBe(
      ERRORS.IMPORT_FILE_UNREADABLE.en,
    );
    expect(importFailureMessage(ERRORS.FILE_TYPE_INVALID.code, 'en')).toBe(
      'Only xls/xlsx files are supported',
    );
    // Details the record does not carry are left out, not shown as placeholders.
    expect(importFailureMessage(ERRORS.VALIDATION.code, 'en')).toBe('Invalid request');
    expect(importFailureMessage('Z9999', 'zh')).toBeNull();
    expect(importFailureMessage(null, 'zh')).toBeNull();
  });

  it("exports every row the search finds: filters and sort, without the page, in the browser's zone", () => {
    expect(
      exportRequest({ pageNo: 3, pageSize: 50, code: 'P-1', sortField: 'code', sortOrder: 'asc' }),
    ).toEqual({
      code: 'P-1',
      sortField: 'code',
      sortOrder: 'asc',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('files attachments under the resource code and the record key', () => {
    expect(attachmentBizNo('Project', 12)).toBe('Project:12');
    expect(attachmentBizNo('Product', 'A-1')).toBe('Product:A-1');
  });
});

describe('file checks before upload', () => {
  it('accepts an xlsx by name and content', async () => {
    expect(await checkUploadFile(file('projects.XLSX', ZIP), ['xls', 'xlsx'], 'zh')).toBeNull();
  });

  it('refuses another extension, content of another kind and an empty file with the type message', async () => {
    const types = ERRORS.FILE_TYPE_INVALID.en.replace('{types}', 'xls/xlsx');
    expect(await checkUploadFile(file('projects.csv', ZIP), ['xls', 'xlsx'], 'en')).toBe(types);
    expect(
      await checkUploadFile(file('projects.xlsx', [0x25, 0x50, 0x44, 0x46, 0x2d]), ['xls', 'xlsx'], 'en'),
    ).toBe(types);
    expect(await checkUploadFile(file('projects.xlsx', []), ['xls', 'xlsx'], 'en')).toBe(types);
  });

  it('refuses more than 5 MB with the spec message', async () => {
    const big = file('projects.xlsx', ZIP, LIMITS.fileMaxBytes + 1);
    expect(await checkUploadFile(big, ['xlsx'], 'en')).toBe('Max5MB');
    expect(await checkUploadFile(big, ['xlsx'], 'zh')).toBe('文件大小不能超过 5MB');
    expect(await checkUploadFile(file('a.xlsx', ZIP, LIMITS.fileMaxBytes), ['xlsx'], 'en')).toBeNull();
  });

  it('builds the accept attribute', () => {
    expect(acceptOf(['xls', 'xlsx'])).toBe('.xls,.xlsx');
  });
});

describe('download file names', () => {
  it("takes the server's name, the UTF-8 one first", () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="___.xlsx"; filename*=UTF-8''${encodeURIComponent('项目编号.xlsx')}`,
      ),
    ).toBe('项目编号.xlsx');
    expect(fileNameFromDisposition('attachment; filename="projects export.xlsx"')).toBe(
      'projects export.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameFromDisposition('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="x.xlsx"')).toBe(
      'x.xlsx',
    );
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('makes a readable name when the server gives none', () => {
    expect(fallbackFileName('/project/template')).toBe('project-template.xlsx');
    expect(fallbackFileName('/import/records/:id/errorLog')).toBe('import-records-errorLog.xlsx');
    expect(errorLogFileName('项目.xlsx')).toBe('项目-error-log.xlsx');
    expect(errorLogFileName('noext')).toBe('noext-error-log.xlsx');
  });
});

describe('upload operation pages', () => {
  const routes = buildPageRoutes(buildMenuTree(ENTERPRISE_MENU_TREE, () => true));
  it('belong to their list: the list stays selected and back returns to it', () => {
    const match = matchPageRoute(routes, '/basicData/project/uploadOperation');
    expect(match?.route.name).toBe('basicData/project/uploadOperation');
    if (!match) return;
    expect(sidebarSelectedKey(match.route)).toBe('/basicData/project');
    expect(backTarget(match.route)).toBe('/basicData/project');
  });
});
