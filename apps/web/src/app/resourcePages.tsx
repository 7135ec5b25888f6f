import type { TEndpoint } from '@tracehub/contract';
import type { TI18nKey } from '../i18n';
import type { TResource } from '../shared/list/types';
import { UPLOAD_OPERATION_ROUTE } from '../shared/list/importModel';
import { lazyPage } from './lazyPage';
import type { TPageEntry } from './pages';

/**
 * The pages of a resource declaration, for the page registry: its list under `key` and, when it declares
 * import/export, its upload operation records under `<key>/uploadOperation` (spec 2.2). Both load the
 * declaration and the shared pages lazily, so a resource needs no page files of its own.
 */
export function resourcePages<E extends TEndpoint>(
  key: string,
  load: () => Promise<TResource<E>>,
  descriptions: { list: TI18nKey; records?: TI18nKey },
): Record<string, TPageEntry> {
  const list = lazyPage(async () => {
    const [{ ResourceList }, resource] = await Promise.all([import('../shared/list/ResourceList'), load()]);
    return { default: () => <ResourceList resource={resource} /> };
  });
  const pages: Record<string, TPageEntry> = { [key]: { component: list, description: descriptions.list } };
  if (!descriptions.records) return pages;
  const records = lazyPage(async () => {
    const [{ ResourceList }, { uploadRecordsResource }, resource] = await Promise.all([
      import('../shared/list/ResourceList'),
      import('../shared/list/uploadRecords'),
      load(),
    ]);
    const recordsResource = uploadRecordsResource(resource);
    return { default: () => <ResourceList resource={recordsResource} /> };
  });
  pages[`${key}/${UPLOAD_OPERATION_ROUTE}`] = { component: records, description: descriptions.records };
  return pages;
}
