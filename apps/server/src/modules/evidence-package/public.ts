// What the evidence-package module offers others (docs/structure.md): the package writer, for the task
// kit's export tasks, and the sinks it writes to.
export { writeEvidencePackage, type PackageSummary } from './service.ts';
export { fileSink, memorySink, streamSink, type PackageSink } from './sink.ts';
