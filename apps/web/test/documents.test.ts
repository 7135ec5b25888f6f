import { describe, expect, it } from 'vitest';
import {
  buildMenuTree,
  DOCUMENT_TYPES,
  documentFieldLabel,
  documentFieldsOf,
  documentType,
  ENTERPRISE_MENU_TREE,
  ZDocument,
  ZDocumentFilters,
  type TMenuNode,
} from '@tracehub/contract';
import { pageEntry } from '../src/app/pages';
import {
  columnKeys,
  formFieldKeys,
  labelKey,
  requiredFieldKeys,
  searchKeys,
  SORTABLE,
} from '../src/features/document/fields';
import { returnListQuery } from '../src/features/document/returnTarget';
import { NAMED_TARGETS, PURCHASE_RETURN_PATH } from '../src/shared/navigation';
import { zh } from '../src/i18n/locales/zh';
import { en } from '../src/i18n/locales/en';

/** A dotted translation key's text in a locale tree. */
function textOf(tree: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
}

function components(nodes: readonly TMenuNode[]): string[] {
  return nodes.flatMap((n) => [n.component, ...components(n.childs)]).filter((c): c is string => !!c);
}

describe('document pages', () => {
  it('register a list and its upload records for every type, under the menu tree component keys', () => {
    const menu = components(
      buildMenuTree(
        ENTERPRISE_MENU_TREE,
        () => true,
        () => true,
      ),
    );
    const documentKeys = menu.filter((c) => /^(stage|internal)[A-Z]/.test(c));
    expect(documentKeys).toHaveLength(DOCUMENT_TYPES.length * 2);
    for (const def of DOCUMENT_TYPES) {
      expect(documentKeys).toContain(def.route);
      expect(documentKeys).toContain(`${def.route}/uploadOperation`);
    }
    expect(documentKeys.filter((key) => !pageEntry(key))).toEqual([]);
  });
});

describe('document fields', () => {
  it('name every field shown exactly as the contract does, in both languages', () => {
    for (const def of DOCUMENT_TYPES) {
      for (const key of new Set([...columnKeys(def), ...formFieldKeys(def)])) {
        const label = documentFieldLabel(def, key);
        expect(textOf(zh, labelKey(def, key)), `${def.code} ${key}`).toBe(label.zh);
        expect(textOf(en, labelKey(def, key)), `${def.code} ${key}`).toBe(label.en);
      }
    }
  });

  it('say supplier or client, material or product, by the type', () => {
    const receipt = documentType('PurchaseReceipt');
    const delivery = documentType('SaleDelivery');
    expect(textOf(zh, labelKey(receipt, 'partnerCode'))).toBe('供应商编码');
    expect(textOf(en, labelKey(delivery, 'partnerCode'))).toBe('Client code');
    expect(textOf(zh, labelKey(receipt, 'itemCode'))).toBe('物料编码');
    expect(textOf(en, labelKey(delivery, 'itemName'))).toBe('Product name');
  });

  it('put every field a type requires on its form', () => {
    for (const def of DOCUMENT_TYPES) {
      const form = new Set(formFieldKeys(def));
      expect(
        [...requiredFieldKeys(def)].filter((k) => !form.has(k)),
        def.code,
      ).toEqual([]);
    }
    expect([...requiredFieldKeys(documentType('PurchaseReceipt'))].sort()).toEqual(
      ['itemCode', 'partnerCode', 'quantity'].sort(),
    );
    expect([...requiredFieldKeys(documentType('PurchaseReturn'))]).toContain('relatedBillNos');
    expect([...requiredFieldKeys(documentType('InternalE2'))].sort()).toEqual(
      ['siteCountry', 'siteLatitude', 'siteLongitude', 'siteName'].sort(),
    );
  });

  it('list only fields a record has, sort only by what the endpoint sorts, search only declared filters', () => {
    const recordKeys = new Set(Object.keys(ZDocument.shape));
    const filterKeys = new Set([...Object.keys(ZDocumentFilters), 'bizRange', 'createdRange']);
    for (const def of DOCUMENT_TYPES) {
      expect(
        columnKeys(def).filter((k) => !recordKeys.has(k)),
        def.code,
      ).toEqual([]);
      expect(
        searchKeys(def).filter((s) => !filterKeys.has(s.prop)),
        def.code,
      ).toEqual([]);
    }
    expect([...SORTABLE].filter((k) => !recordKeys.has(k))).toEqual([]);
  });

  it('show the shipment coordinates and the affidavit signature only on their types', () => {
    const trans = columnKeys(documentType('LogisticsTrans'));
    expect(trans).toEqual(expect.arrayContaining(['shippingLatitude', 'deliveryLongitude', 'checkoutDate']));
    expect(columnKeys(documentType('SaleDelivery'))).not.toContain('shippingLatitude');
    expect(searchKeys(documentType('SupplierAffidavit')).map((s) => s.prop)).toContain('signed');
    expect(searchKeys(documentType('PurchaseReceipt')).map((s) => s.prop)).not.toContain('signed');
    // A payment voucher has no item and no lot, but money.
    const pay = documentFieldsOf(documentType('PurchasePay'));
    expect(pay).toEqual(expect.arrayContaining(['amount', 'currency']));
    expect(columnKeys(documentType('PurchasePay'))).not.toContain('itemCode');
  });

  it('derive a whole list screen from one catalogue entry: the statement', () => {
    const statement = documentType('PurchaseStatement');
    const tree = buildMenuTree(ENTERPRISE_MENU_TREE, () => true);
    const purchase = tree.find((n) => n.path === '/stagePurchase');
    const node = purchase?.childs.find((n) => n.code === 'PurchaseStatement' && !n.hidden);
    expect(node).toMatchObject({
      title: '对账单',
      titleEn: 'Statements',
      component: 'stagePurchase/statement',
    });
    expect(node?.childs.map((c) => c.code)).toEqual(
      expect.arrayContaining(['PurchaseStatement:Create', 'PurchaseStatement:BatchUpload']),
    );
    expect(pageEntry('stagePurchase/statement')).toBeDefined();
    expect(pageEntry('stagePurchase/statement/uploadOperation')).toBeDefined();
    expect(textOf(zh, 'document.nouns.PurchaseStatement')).toBe('对账单');
    expect(textOf(en, 'document.nouns.PurchaseStatement')).toBe('statement');
    expect(columnKeys(statement)).toEqual(expect.arrayContaining(['partnerCode', 'amount', 'currency']));
    expect(columnKeys(statement)).not.toContain('itemCode');
    expect([...requiredFieldKeys(statement)]).toEqual(expect.arrayContaining(['partnerCode', 'amount']));
  });
});

describe('the PurchaseReturn navigation target', () => {
  const mapped = (query: string) => Object.fromEntries(returnListQuery(new URLSearchParams(query)) ?? []);

  it('turns the query form into the return list search: material, return number, lot', () => {
    expect(mapped('materialsCode=M-1&returnBillNo=PR-1&batchNo=B-1')).toEqual({
      itemCode: 'M-1',
      billNo: 'PR-1',
      batchNo: 'B-1',
    });
    expect(mapped('materialsCode=M-1&returnBillNo=PR-1&vinSn=VIN1')).toEqual({
      itemCode: 'M-1',
      billNo: 'PR-1',
      vinSn: 'VIN1',
    });
  });

  it('turns the params form into the returns naming the receipt', () => {
    expect(mapped('billNo=R-1&materialsCode=M-1&batchNo=B-1&pageSize=50')).toEqual({
      relatedBillNo: 'R-1',
      itemCode: 'M-1',
      batchNo: 'B-1',
      pageSize: '50',
    });
  });

  it("leaves the list's own search alone", () => {
    expect(returnListQuery(new URLSearchParams('billNo=PR-1&itemCode=M-1'))).toBeNull();
    expect(returnListQuery(new URLSearchParams(''))).toBeNull();
  });

  it('builds paths the list maps on arrival', () => {
    expect(PURCHASE_RETURN_PATH).toBe(`/${documentType('PurchaseReturn').route}`);
    const path = NAMED_TARGETS.PurchaseReturn({
      params: { billNo: 'R 1', materialsCode: 'M-1', batchNo: '' },
    });
    expect(path.startsWith('/stagePurchase/return?')).toBe(true);
    expect(mapped(path.split('?')[1] ?? '')).toEqual({ relatedBillNo: 'R 1', itemCode: 'M-1' });
    const query = NAMED_TARGETS.PurchaseReturn({
      query: { materialsCode: 'M-1', returnBillNo: 'PR-9', vinSn: 'VIN1' },
    });
    expect(mapped(query.split('?')[1] ?? '')).toEqual({ itemCode: 'M-1', billNo: 'PR-9', vinSn: 'VIN1' });
  });
});
