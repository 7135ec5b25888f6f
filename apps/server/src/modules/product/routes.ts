import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { registerImportExport } from '../../platform/imports/routes.ts';
import { productExporter, productImporter } from './import-export.ts';
import './references.ts';
import * as product from './service.ts';
import { productShipments } from './shipments.ts';
import { tracingObjects } from '../material/public.ts';

/**
 * Products of the current enterprise (/basicData/product and its detail page), their pickers
 * (/graph/getProductList, project codes, materials) and their bulk import and export.
 */
export function productRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.product;
  registerEndpoint(app, deps, e.selectProductInfo, (input, { db, tenant }) =>
    product.pageProducts(db, tenant, input),
  );
  registerEndpoint(app, deps, e.getProductDetailById, (input, { db, tenant }) =>
    product.productDetail(db, tenant, input.id),
  );
  registerEndpoint(app, deps, e.addProduct, (input, { db, tenant, meta }) =>
    product.addProduct(db, deps, tenant, input, meta.lang),
  );
  registerEndpoint(app, deps, e.updateProduct, (input, { db, tenant, meta }) =>
    product.editProduct(db, deps, tenant, input, meta.lang),
  );
  registerEndpoint(app, deps, e.deleteProduct, async (input, { db, tenant }) => {
    await product.removeProducts(db, deps, tenant, [input.id]);
    return null;
  });
  registerEndpoint(app, deps, e.batchDeleteProduct, async (input, { db, tenant }) => ({
    deleted: await product.removeProducts(db, deps, tenant, input.ids),
  }));
  registerEndpoint(app, deps, e.getProjectNo, (_input, { db, tenant }) =>
    product.projectNoOptions(db, tenant),
  );
  registerEndpoint(app, deps, e.materialOptions, (input, { db, tenant }) =>
    product.materialPickerOptions(db, tenant, input),
  );
  registerEndpoint(app, deps, e.echoAddress, (input, { db, tenant }) =>
    productShipments(db, tenant, input.id),
  );
  registerEndpoint(app, deps, e.selectTraceLabelAll, (_input, { db, tenant }) => tracingObjects(db, tenant));
  registerEndpoint(app, deps, e.getProductList, (input, { db, tenant }) =>
    product.productPickerPage(db, tenant, input),
  );
  registerImportExport(app, deps, e, {
    importer: productImporter,
    exporter: productExporter,
    templateAliases: [e.download],
  });
}
