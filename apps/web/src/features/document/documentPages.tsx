import { DOCUMENT_TYPES, documentType } from '@tracehub/contract';
import { lazyPage } from '../../app/lazyPage';
import type { TPageEntry } from '../../app/pages';
import { resourcePages } from '../../app/resourcePages';

const loadResource = (code: string) => () =>
  import('./documentResource').then((m) => m.documentResourceOf(code));

/**
 * The pages of every document type, under the component keys of the menu tree: the list at its route and
 * its upload records at `<route>/uploadOperation`. The purchase return list is also the named target
 * PurchaseReturn, so it reads the target's query first.
 */
export function documentPages(): Record<string, TPageEntry> {
  const pages: Record<string, TPageEntry> = {};
  for (const def of DOCUMENT_TYPES) {
    Object.assign(
      pages,
      resourcePages(def.route, loadResource(def.code), {
        list: `document.descriptions.${def.family}`,
        records: 'imports.records.description',
      }),
    );
  }
  const returns = documentType('PurchaseReturn');
  const list = pages[returns.route];
  if (list) {
    pages[returns.route] = {
      ...list,
      component: lazyPage(async () => {
        const [{ PurchaseReturnList }, resource] = await Promise.all([
          import('./PurchaseReturnList'),
          loadResource(returns.code)(),
        ]);
        return { default: () => <PurchaseReturnList resource={resource} /> };
      }),
    };
  }
  return pages;
}
