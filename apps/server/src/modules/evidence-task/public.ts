// What the evidence-task module offers others (docs/structure.md): the package link /file/preDownload gives
// for a taskId.
export { issuePackageLink } from './download.ts';
