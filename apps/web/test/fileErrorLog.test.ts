import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { BILL_STAGES, DOCUMENT_TYPES, type TLang } from '@tracehub/contract';
import {
  documentTypeLabel,
  documentTypeOptions,
  stageLabel,
  stageOptions,
} from '../src/features/file-error-log/labels';
import { fileErrorLogResource } from '../src/features/file-error-log/fileErrorLogResource';
import { readListRequest } from '../src/shared/list/listState';
import { NAMED_TARGETS } from '../src/shared/navigation';
import { zh } from '../src/i18n/locales/zh';
import { en } from '../src/i18n/locales/en';

/** The console's texts in one language, as components get them. */
function contextOf(lang: TLang): { lang: TLang; t: TFunction } {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { zh: { translation: zh }, en: { translation: en } },
    lng: lang,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return { lang, t: instance.t };
}

describe('failed attachment transfers page', () => {
  it('names document types by title, with the stage where a title repeats across stages', () => {
    const zhCtx = contextOf('zh');
    const enCtx = contextOf('en');
    expect(documentTypeLabel('110', zhCtx)).toBe('采购入库');
    expect(documentTypeLabel('110', enCtx)).toBe('Receipts');
    expect(documentTypeLabel('180', zhCtx)).toBe('原产地证明（采购）');
    expect(documentTypeLabel('340', enCtx)).toBe('Certificates of Origin (Sales)');
    expect(documentTypeLabel('410', enCtx)).toBe('Packing Lists (Logistics)');
    expect(documentTypeLabel('999', zhCtx)).toBe('999');

    for (const ctx of [zhCtx, enCtx]) {
      const options = documentTypeOptions(ctx);
      expect(options.map((o) => o.value)).toEqual(DOCUMENT_TYPES.map((d) => String(d.typeCode)));
      // Every choice can be told apart from the others.
      expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
    }
  });

  it('names every bill stage in both languages', () => {
    expect(stageOptions(contextOf('zh')).map((o) => [o.value, o.label])).toEqual([
      [10, '采购'],
      [20, '生产'],
      [30, '销售'],
      [40, '物流'],
      [50, '整车销售数据'],
      [60, '关键零部件数据'],
      [70, '非关键零部件数据'],
      [80, '零部件来源'],
    ]);
    const enCtx = contextOf('en');
    expect(stageOptions(enCtx).map((o) => o.value)).toEqual(Object.values(BILL_STAGES));
    expect(stageLabel(80, enCtx)).toBe('Parts source');
    expect(stageLabel(null, enCtx)).toBeNull();
  });

  it('opens by its named target with the query the list reads', () => {
    expect(NAMED_TARGETS.StageFileErrorLog()).toBe('/stage/fileErrorLog');
    const path = NAMED_TARGETS.StageFileErrorLog({ bizType: 400, billType: 40 });
    expect(path).toBe('/stage/fileErrorLog?bizType=400&billType=40');
    const query = new URLSearchParams(path.split('?')[1]);
    expect(readListRequest(fileErrorLogResource, query)).toMatchObject({ bizType: '400', billType: 40 });
    expect(NAMED_TARGETS.StageFileErrorLog({ bizType: '110' })).toBe('/stage/fileErrorLog?bizType=110');
  });
});
