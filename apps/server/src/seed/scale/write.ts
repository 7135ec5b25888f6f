import { eq } from 'drizzle-orm';
import { documentType, fileBizType } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { materialRelations, materials } from '../../db/schema.ts';
import { documentTransfers } from '../../modules/document/import-export.ts';
import { documentsByBillNo } from '../../modules/document/repo.ts';
import { uploadFile } from '../../modules/file/service.ts';
import { materialTransfers } from '../../modules/material/import-export.ts';
import { RELATION_TRANSFER } from '../../modules/material-relation/import-export.ts';
import { linkRelation } from '../../modules/material-relation/service.ts';
import { partnerImporter } from '../../modules/partner/import-export.ts';
import { productImporter } from '../../modules/product/import-export.ts';
import { projectImporter } from '../../modules/project/import-export.ts';
import type { AppDeps, SessionContext } from '../../platform/context.ts';
import type { ImportContext, Importer } from '../../platform/imports/importer.ts';
import { withTenant } from '../../platform/tenancy.ts';
import type { PlanEnterprise } from './enterprises-plan.ts';
import { ALL_CODES, tenantOf } from './enterprises.ts';
import { documentsOf, type DocInput, type PlanIndex } from './documents.ts';
import { mappingsOf, materialsOf, projectsOf } from './master.ts';
import type { Plan } from './plan.ts';
import { spread } from './plan.ts';
import { pdfOf } from './files.ts';

// Writing a plan through the layers the API and the import jobs use: every row is parsed by its resource's
// contract schema, checked by the importer's prepareRows (partner codes resolved, returns against what is
// left to return), and written by the importer's insertRows with its evidence (appendEvidenceBatch), in the
// enterprise's tenant transaction (row-level security as in production). Mappings are linked to their own
// materials by the service (linkRelation), attachments uploaded by the file service (uploadFile).

/** An import id for rows that are not part of an upload (only partner invitations would use it). */
const SEED_IMPORT = 'seed-scale';
/** Rows per insertRows call: below PostgreSQL's 65,535 parameters for 23 document columns. */
const CHUNK_ROWS = 2_000;
/** Rows per tenant transaction. */
const TRANSACTION_ROWS = 5_000;

type Deps = Pick<AppDeps, 'db' | 'masterKey' | 'mailer'>;

const contextOf = (deps: Deps, tx: Db, ent: PlanEnterprise, admin: number): ImportContext => ({
  db: tx,
  tenant: { enterpriseUuid: ent.uuid, userId: admin },
  keys: deps,
  importId: SEED_IMPORT,
  mailer: deps.mailer,
  lang: 'zh',
});

/**
 * Writes rows as an import chunk does: parsed by the importer's schema, prepared, inserted with evidence.
 * A row the schema or prepareRows refuses is a fault of the generator: it stops the run with the reasons.
 */
async function importRows<Row, Prepared>(
  ctx: ImportContext,
  importer: Importer<Row, Prepared>,
  inputs: readonly unknown[],
): Promise<void> {
  if (inputs.length === 0) return;
  const rows = inputs.map((input) => {
    const parsed = importer.schema.safeParse(input);
    if (!parsed.success) {
      throw new Error(
        `${importer.kind}: generated row refused: ${JSON.stringify(input)}: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  });
  let prepared: Prepared[];
  if (importer.prepareRows) {
    const answers = await importer.prepareRows(ctx, rows);
    prepared = answers.map((a, i) => {
      if ('row' in a) return a.row;
      throw new Error(
        `${importer.kind}: generated row refused: ${JSON.stringify(inputs[i])}: ${a.reasons.join('; ')}`,
      );
    });
  } else {
    prepared = rows as unknown as Prepared[];
  }
  await importer.insertRows(ctx, prepared);
}

/** Partners, materials, mappings (linked to their own materials), projects and products of one enterprise. */
export async function writeMasterData(
  deps: Deps,
  plan: Plan,
  index: PlanIndex,
  e: PlanEnterprise,
  admin: number,
) {
  const tenant = tenantOf(e.uuid, admin);
  return withTenant(deps.db, tenant, async (tx) => {
    const ctx = contextOf(deps, tx, e, admin);
    await importRows(ctx, partnerImporter, index.books[e.index]!.rows);
    const planned = materialsOf(plan, e);
    for (const nature of ['purchased', 'homemade'] as const) {
      await importRows(
        ctx,
        materialTransfers[nature].importer,
        planned.filter((m) => m.nature === nature).map((m) => m.row),
      );
    }
    const mappings = mappingsOf(plan, e, index.books[e.index]!);
    for (const direction of ['supplier', 'client'] as const) {
      await importRows(
        ctx,
        RELATION_TRANSFER[direction].importer,
        mappings.filter((m) => m.direction === direction).map((m) => m.row),
      );
    }
    // Each mapping linked to its own material, as on the link page.
    const materialIds = new Map(
      (
        await tx
          .select({ id: materials.id, code: materials.code })
          .from(materials)
          .where(eq(materials.enterpriseUuid, e.uuid))
      ).map((m) => [m.code, m.id]),
    );
    const relationIds = new Map(
      (
        await tx
          .select({
            id: materialRelations.id,
            direction: materialRelations.direction,
            partnerCode: materialRelations.partnerCode,
            no: materialRelations.partnerMaterialNo,
          })
          .from(materialRelations)
          .where(eq(materialRelations.enterpriseUuid, e.uuid))
      ).map((r) => [`${r.direction}:${r.partnerCode}:${r.no}`, r.id]),
    );
    for (const m of mappings) {
      const id = relationIds.get(`${m.direction}:${m.row.partnerCode}:${m.row.partnerMaterialNo}`);
      const targetId = materialIds.get(m.ownCode);
      if (id === undefined || targetId === undefined)
        throw new Error(`mapping ${m.row.partnerMaterialNo} of ${e.code} not found`);
      await linkRelation(tx, deps, tenant, m.direction, { id, kind: 'material', targetId });
    }
    if (e.tier === 'auto') {
      const { projects, products } = projectsOf(plan.models, e);
      await importRows(ctx, projectImporter, projects);
      await importRows(ctx, productImporter, products);
    }
    return {
      partners: index.books[e.index]!.rows.length,
      materials: planned.length,
      mappings: mappings.length,
    };
  });
}

/** Counts written rows and logs the rate every two seconds (and at the end). */
export function progressLog(total: number, log: (line: string) => void): (rows: number) => void {
  const started = performance.now();
  let written = 0;
  let lastLog = 0;
  return (rows) => {
    written += rows;
    const now = performance.now();
    if (now - lastLog < 2_000 && written !== total) return;
    lastLog = now;
    const rate = Math.round(written / Math.max((now - started) / 1000, 0.001));
    log(
      `documents: ${written.toLocaleString('en')} / ${total.toLocaleString('en')} (${rate.toLocaleString('en')} rows/s)`,
    );
  };
}

/** The documents of one enterprise, type by type in catalogue order (goods before their returns). */
export async function writeDocuments(
  deps: Deps,
  plan: Plan,
  index: PlanIndex,
  e: PlanEnterprise,
  admin: number,
  onRows: (rows: number) => void,
): Promise<Map<string, number>> {
  const byType = documentsOf(plan, index, e);
  const written = new Map<string, number>();
  type Chunk = { code: string; rows: DocInput[] };
  let batch: Chunk[] = [];
  let batchRows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const chunks = batch;
    batch = [];
    batchRows = 0;
    await withTenant(deps.db, tenantOf(e.uuid, admin), async (tx) => {
      const ctx = contextOf(deps, tx, e, admin);
      for (const c of chunks) await importRows(ctx, documentTransfers.get(c.code)!.importer, c.rows);
    });
    onRows(chunks.reduce((sum, c) => sum + c.rows.length, 0));
  };
  for (const [code, rows] of byType) {
    written.set(code, rows.length);
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CHUNK_ROWS);
      if (batchRows + chunk.length > TRANSACTION_ROWS) await flush();
      batch.push({ code, rows: chunk });
      batchRows += chunk.length;
    }
  }
  await flush();
  return written;
}

/**
 * Attachments of documents: a small PDF of each chosen receipt or delivery, uploaded by the file service
 * (stored, hashed, recorded as evidence) under the document's record (bizNo `<page>:<id>`).
 */
export async function writeAttachments(
  deps: AppDeps,
  plan: Plan,
  admins: readonly number[],
  count: number,
): Promise<number> {
  const shipments = plan.chain.shipments;
  const wanted = spread(Math.min(count, shipments.length), shipments.length, 0.5).map((i, k) => {
    const s = shipments[i]!;
    const client = k % 2 === 0;
    const ent = plan.ents[client ? s.client : s.supplier]!;
    const code = client
      ? s.steel
        ? 'PurchaseReceiptSteel'
        : 'PurchaseReceipt'
      : s.steel
        ? 'SaleDeliverySteel'
        : 'SaleDelivery';
    const part = s.parts[0]!;
    return {
      ent,
      code,
      billNo: client ? part.receiptNo : part.deliveryNo,
      other: plan.ents[client ? s.supplier : s.client]!,
    };
  });
  let uploaded = 0;
  for (const e of plan.ents) {
    const mine = wanted.filter((w) => w.ent === e);
    if (mine.length === 0) continue;
    const admin = admins[e.index]!;
    const tenant = tenantOf(e.uuid, admin);
    const found = await withTenant(deps.db, tenant, (tx) =>
      documentsByBillNo(
        tx,
        tenant,
        [...new Set(mine.map((w) => documentType(w.code).typeCode))],
        mine.map((w) => w.billNo),
      ),
    );
    const session: SessionContext = {
      sessionId: 0,
      userId: admin,
      username: e.admin.username,
      kind: 'enterprise',
      enterpriseUuid: e.uuid,
      permissions: ALL_CODES,
      isEnterpriseAdmin: true,
      dataScope: 'company',
      unconfigured: new Set(),
    };
    for (const w of mine) {
      const def = documentType(w.code);
      const doc = found.find((f) => f.billNo === w.billNo && f.docType === def.typeCode);
      if (!doc) throw new Error(`document ${w.billNo} of ${e.code} not found for its attachment`);
      await uploadFile(
        deps,
        session,
        { bizType: fileBizType(String(def.typeCode)), bizNo: `${def.code}:${doc.id}` },
        {
          fileName: `${def.title.zh}-${w.billNo}.pdf`,
          content: pdfOf(plan.sizes.seed, def, w.billNo, e, w.other),
        },
        { lang: 'zh', ip: '127.0.0.1', userAgent: 'seed-scale' },
      );
      uploaded++;
    }
  }
  return uploaded;
}
