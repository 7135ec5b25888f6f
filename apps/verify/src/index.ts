// The isomorphic verifier: the CLI (cli.ts) and the web /verify page import this, never node APIs.
export { verifyPackage } from './core.ts';
export type { Disclosure, PackageReport, Problem, ProblemCode, RecordResult, TierResult } from './core.ts';
export { DISCLOSURE_LABELS, PROBLEM_MESSAGES, REPORT_LABELS, problemText, reportText } from './messages.ts';
export type { Lang } from './messages.ts';
export { DEFAULT_UNZIP_LIMITS, UnzipError, unzipBounded } from './unzip.ts';
export type { UnzipLimits } from './unzip.ts';
