// What the evidence-package module offers others (docs/structure.md): the package writer, for the task
// kit's export tasks, and the sinks it writes to.
export {
  resolveStarts,
  writeEvidencePackage,
  type PackageStarts,
  type PackageSummary,
  type PackageWriteOptions,
  type WrittenRecord,
} from './service.ts';
export { fileSink, memorySink, streamSink, type PackageSink } from './sink.ts';
