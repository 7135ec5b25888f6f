import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, endpoint, LIMITS, listRequest, ZListResponse } from '@tracehub/contract';
import {
  patchListParams,
  readListRequest,
  searchDefaults,
  toUrlKeys,
  writeListRequest,
} from '../src/shared/list/listState';
import { defineResource } from '../src/shared/list/types';

const resource = defineResource({
  name: 'log/list',
  endpoint: api.log.selectLogPage,
  keys: { all: ['log'], list: (request) => ['log', request] },
  rowKey: 'id',
  columns: [],
  search: [
    { type: 'text', prop: 'ip', label: 'log.fields.ip', basic: true },
    { type: 'select', prop: 'action', label: 'log.fields.action', multiple: true, options: () => [] },
    {
      type: 'datetimerange',
      prop: 'range',
      props: ['createdFrom', 'createdTo'],
      label: 'log.fields.createdAt',
      valueFormat: 'epochMs',
    },
  ],
});

describe('list state in the URL', () => {
  it('applies the request schema defaults', () => {
    expect(readListRequest(resource, new URLSearchParams())).toEqual({
      pageNo: 1,
      pageSize: LIMITS.defaultPageSize,
    });
  });

  it('reads paging, sort and declared search fields; multi-selects are arrays', () => {
    const params = new URLSearchParams('pageNo=3&pageSize=50&sortField=createdAt&sortOrder=asc&ip=10.0.0.1');
    params.append('action', 'login');
    params.append('createdFrom', '1700000000000');
    expect(readListRequest(resource, params)).toEqual({
      pageNo: 3,
      pageSize: 50,
      sortField: 'createdAt',
      sortOrder: 'asc',
      ip: '10.0.0.1',
      action: ['login'],
      createdFrom: 1700000000000,
    });
  });

  it('ignores undeclared keys and drops values the schema refuses', () => {
    const params = new URLSearchParams(
      'pageNo=-2&pageSize=7777&result=failure&sortOrder=sideways&_cache=1&ip=1.2.3.4',
    );
    expect(readListRequest(resource, params)).toEqual({
      pageNo: 1,
      pageSize: LIMITS.defaultPageSize,
      ip: '1.2.3.4',
    });
  });

  it('writes back without defaults and empty values', () => {
    const params = writeListRequest({
      pageNo: 1,
      pageSize: 10,
      ip: '',
      action: ['login', 'logout'],
      sortField: undefined,
    });
    expect(params.toString()).toBe('action=login&action=logout');
    expect(writeListRequest({ pageNo: 2, pageSize: 20 }).toString()).toBe('pageNo=2&pageSize=20');
  });
});

describe('list state with defaults, comma-separated values, route params and column filters', () => {
  const orders = endpoint({
    method: 'POST',
    path: '/test/orders',
    input: listRequest({
      status: z.coerce.number().int().optional(),
      billNo: z.array(z.string()).optional(),
      ownerId: z.coerce.number().int().optional(),
      level: z.array(z.string()).optional(),
    }),
    output: ZListResponse(z.object({ id: z.number() })),
    auth: 'enterprise',
    tag: 'test',
    summary: 'test',
  });
  const orderList = defineResource({
    name: 'test/orders',
    endpoint: orders,
    keys: { all: ['orders'], list: (request) => ['orders', request] },
    rowKey: 'id',
    columns: [
      { key: 'id', label: 'log.fields.id', filter: { prop: 'level', options: () => [], multiple: true } },
    ],
    search: [
      { type: 'select', prop: 'status', label: 'log.fields.result', options: () => [], defaultValue: 0 },
      { type: 'text', prop: 'billNo', label: 'log.fields.id', multiple: true },
      { type: 'number', prop: 'ownerId', label: 'log.fields.id' },
    ],
  });
  const defaults = searchDefaults(orderList.search);

  it('applies a default when the URL does not name the field, and none for `key=`', () => {
    expect(readListRequest(orderList, new URLSearchParams())).toMatchObject({ status: 0 });
    expect(readListRequest(orderList, new URLSearchParams('status='))).not.toHaveProperty('status');
    expect(readListRequest(orderList, new URLSearchParams('status=2'))).toMatchObject({ status: 2 });
  });

  it('reads lists, route params and column filters that are declared', () => {
    const params = new URLSearchParams('billNo=A1&billNo=B2&level=fatal&other=1');
    expect(readListRequest(orderList, params, { ownerId: '7', unrelated: 'x' })).toEqual({
      pageNo: 1,
      pageSize: LIMITS.defaultPageSize,
      status: 0,
      billNo: ['A1', 'B2'],
      level: ['fatal'],
      ownerId: 7,
    });
  });

  it('patches the query: a cleared default becomes `key=`, undefined removes, other keys stay', () => {
    const current = new URLSearchParams('status=2&_cache=1&pageNo=3');
    const cleared = patchListParams(current, { status: null, pageNo: 1 }, defaults);
    expect(cleared.toString()).toBe('_cache=1&status=');
    const reset = patchListParams(cleared, { status: undefined }, defaults);
    expect(reset.toString()).toBe('_cache=1');
    expect(patchListParams(current, { status: 0 }, defaults).toString()).toBe('_cache=1&pageNo=3');
  });

  describe('several lists of a page, scoped to a record by the query', () => {
    const findings = defineResource({
      name: 'dataChecking/checkLog/detail',
      endpoint: api.checking.selectAbnormalPage,
      keys: { all: ['f'], list: (request) => ['f', request] },
      rowKey: 'id',
      columns: [],
      search: [{ type: 'select', prop: 'level', label: 'checking.fields.level', options: () => [] }],
      routeParams: ['taskId'],
      stateKey: 'findings',
    });
    const vins = defineResource({
      name: 'dataChecking/checkLog/detail',
      endpoint: api.checking.vinMapPage,
      keys: { all: ['v'], list: (request) => ['v', request] },
      rowKey: 'vin',
      columns: [],
      search: [{ type: 'text', prop: 'vin', label: 'checking.vinMap.vin' }],
      routeParams: ['taskId'],
      stateKey: 'vinMap',
    });

    it("reads each list's own keys under its prefix, and the task id of the page's query for both", () => {
      const params = new URLSearchParams(
        'taskId=t-1&findings.pageNo=3&findings.level=fatal&vinMap.vin=LGX&pageNo=9',
      );
      expect(readListRequest(findings, params)).toEqual({
        taskId: 't-1',
        pageNo: 3,
        pageSize: LIMITS.defaultPageSize,
        level: 'fatal',
      });
      expect(readListRequest(vins, params)).toEqual({
        taskId: 't-1',
        pageNo: 1,
        pageSize: LIMITS.defaultPageSize,
        vin: 'LGX',
      });
    });

    it("writes a list's change under its prefix, keeping the other list and the task id", () => {
      const params = new URLSearchParams('taskId=t-1&vinMap.pageNo=2');
      const next = patchListParams(params, toUrlKeys(findings, { pageNo: 4, level: 'minor' }));
      expect(next.toString()).toBe('taskId=t-1&vinMap.pageNo=2&findings.pageNo=4&findings.level=minor');
      // Back to the first page: the key goes.
      expect(patchListParams(next, toUrlKeys(findings, { pageNo: 1 })).get('findings.pageNo')).toBeNull();
    });

    it('sends the values a page gives as they are, whatever the address says', () => {
      const params = new URLSearchParams('taskId=other&companyUuid=x');
      expect(readListRequest(findings, params, {}, { taskId: 't-2', companyUuid: 'c-1' })).toEqual({
        taskId: 't-2',
        companyUuid: 'c-1',
        pageNo: 1,
        pageSize: LIMITS.defaultPageSize,
      });
    });
  });
});
