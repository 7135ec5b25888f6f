import { projectRecord } from '@tracehub/contract';
import { projectCodes } from '../../db/schema.ts';
import { defineRecordStore } from '../../platform/records/store.ts';

// Project codes (/basicData/project): the store derives the list, detail and writes from the contract's
// declaration. Products and documents reference a project by its code: deleting it, or changing its code,
// is refused while they do. Every change is recorded as evidence in the request's transaction.

export const projectStore = defineRecordStore(projectRecord, {
  table: projectCodes,
  references: 'project',
});

export const pageProjects = projectStore.page;
export const addProject = projectStore.add;
