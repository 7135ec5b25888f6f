import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { documentType, type TDocumentTypeDef } from '@tracehub/contract';
import { projectCodes, users } from '../../src/db/schema.ts';
import { usciOf } from '../../src/seed/demo-companies.ts';
import { call, type TestApp } from './app.ts';
import { dbOf, expectOk } from './helpers.ts';

/*
 * Business records created through the API, to file uploads under: a file belongs to a record of its
 * enterprise (bizNo `<pageCode>:<id>`), so a test that uploads first creates the record it belongs to.
 */

let serial = 0;
const next = () => `${process.pid % 100000}${String(++serial).padStart(4, '0')}`;

/** A record of a page: its row id and the bizNo its files are filed under. */
export interface TRecordRef {
  id: number;
  bizNo: string;
}

const ref = (page: string, id: number): TRecordRef => ({ id, bizNo: `${page}:${id}` });

async function created(app: FastifyInstance, token: string, path: string, body: unknown) {
  return expectOk(await call<{ id: number }>(app, path, { token, body })).id;
}

/** A project code of the caller's enterprise. */
export async function newProject(app: FastifyInstance, token: string): Promise<TRecordRef> {
  return ref('Project', await created(app, token, '/project/add', { code: `P-${next()}` }));
}

/** A product of the caller's enterprise. */
export async function newProduct(app: FastifyInstance, token: string): Promise<TRecordRef> {
  const code = `PRD-${next()}`;
  return ref('Product', await created(app, token, '/product/addProduct', { name: `产品 ${code}`, code }));
}

/** A purchased material (MaterialData) or a homemade one (MaterialDataIn) of the caller's enterprise. */
export async function newMaterial(
  app: FastifyInstance,
  token: string,
  page: 'MaterialData' | 'MaterialDataIn' = 'MaterialData',
): Promise<TRecordRef> {
  const base = page === 'MaterialData' ? '/materialData' : '/materialDataIn';
  const code = `M-${next()}`;
  return ref(page, await created(app, token, `${base}/add`, { code, name: `物料 ${code}` }));
}

/** A partner of the caller's enterprise. */
export async function newPartner(
  app: FastifyInstance,
  token: string,
  partnerType: 'supplier' | 'client' = 'supplier',
): Promise<TRecordRef & { code: string }> {
  const n = next();
  const code = `PT-${n}`;
  const usci = usciOf(`91310115MA${n.padStart(7, '0').slice(-7)}`);
  const id = await created(app, token, '/partner/add', { partnerType, code, name: `${code} 有限公司`, usci });
  return { ...ref('Partner', id), code };
}

const T0 = Date.parse('2026-03-01T08:00:00Z');

/**
 * A valid document of a type with only its required fields (and what its rules need) filled: `n` makes its
 * number, item, lot and VIN unique; the partner is named by code.
 */
export function minimalDocument(
  def: TDocumentTypeDef,
  n: number | string,
  partnerCode: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = { billNo: `${def.code}-${n}` };
  for (const field of def.required) {
    if (field === 'partner') body.partnerCode = partnerCode;
    else if (field === 'item') body.itemCode = `ITEM-${n}`;
    else if (field === 'lot') body.batchNo = `LOT-${n}`;
    else if (field === 'vinSn') body.vinSn = `LSVAU2180N2${String(n).padStart(6, '0').slice(-6)}`;
    else if (field === 'quantity') body.quantity = '10';
    else if (field === 'amount') Object.assign(body, { amount: '100', currency: 'CNY' });
    else if (field === 'related') body.relatedBillNos = ['NONE'];
    else if (field === 'signed') body.signed = true;
    else if (field === 'warrantyMonths') body.warrantyMonths = 24;
    else if (field.endsWith('Latitude')) body[field] = 31.2;
    else if (field.endsWith('Longitude')) body[field] = 121.5;
    else if (field === 'checkoutDate' || field === 'arrivalDate') body[field] = T0;
    else body[field] = `${field}-${n}`;
  }
  return body;
}

/** A document of a type (by its page code, not a return) of the caller's enterprise, with a new partner. */
export async function newDocument(app: FastifyInstance, token: string, code: string): Promise<TRecordRef> {
  const def = documentType(code);
  const partner = def.partner ? await newPartner(app, token, def.partner) : null;
  const id = await created(app, token, `/${def.route}/add`, {
    bizTime: T0,
    ...minimalDocument(def, next(), partner?.code ?? ''),
  });
  return ref(code, id);
}

/**
 * A project code written straight to the database, without the evidence the API would append: for tests
 * that count the ledger's leaves and blocks exactly. `username` names its creator.
 */
export async function bareProject(
  t: Pick<TestApp, 'app' | 'runtime'>,
  enterpriseUuid: string,
  username: string,
): Promise<TRecordRef> {
  const [user] = await dbOf(t).select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  const [row] = await dbOf(t)
    .insert(projectCodes)
    .values({ enterpriseUuid, code: `BARE-${next()}`, createdBy: user.id })
    .returning({ id: projectCodes.id });
  return ref('Project', row!.id);
}
