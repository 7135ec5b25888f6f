import { describe, expect, it } from 'vitest';
import { api, LIMITS } from '@tracehub/contract';
import { readListRequest, writeListRequest } from '../src/shared/list/listState';
import { defineList } from '../src/shared/list/types';

const resource = defineList({
  name: 'log/list',
  endpoint: api.log.selectLogPage,
  queryKey: (request) => ['log', request],
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
