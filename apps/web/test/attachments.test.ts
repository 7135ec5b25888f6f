import { describe, expect, it } from 'vitest';
import { api, DOCUMENT_TYPES } from '@tracehub/contract';
import { defineResource } from '../src/shared/list/types';

const declare = (bizType?: string) =>
  defineResource({
    name: 'basicData/project',
    code: 'Project',
    endpoint: api.project.page,
    keys: { all: ['project'], list: (request) => ['project', request] },
    rowKey: 'id',
    columns: [],
    search: [],
    attachments: { key: (r) => r.id, ...(bizType === undefined ? {} : { bizType }) },
  });

describe('attachments of a resource', () => {
  it("take 'attachment', a named business type or any document type's code", () => {
    expect(declare().attachments?.bizType).toBeUndefined();
    expect(declare('attachment').attachments?.bizType).toBe('attachment');
    for (const def of DOCUMENT_TYPES) {
      expect(declare(String(def.typeCode)).attachments?.bizType).toBe(String(def.typeCode));
    }
  });

  it('refuse an unknown business type when declared', () => {
    expect(() => declare('999')).toThrow('unknown file business type 999');
    expect(() => declare('attachments')).toThrow();
  });
});
