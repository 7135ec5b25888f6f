import type { project as zh } from '../zh/project';

export const project: typeof zh = {
  listDescription:
    "The enterprise's project codes: import and export them in bulk and attach files; every change is recorded on chain",
};
