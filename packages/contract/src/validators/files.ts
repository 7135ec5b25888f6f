import { LIMITS } from '../limits.ts';

/** Kinds told apart by leading bytes. xlsx and docx are zip packages; xls and doc are OLE files. */
export type TFileKind = 'pdf' | 'jpeg' | 'png' | 'zip' | 'ole';
export type TImageType = 'jpeg' | 'png';

/** Allowed extensions per upload of spec 5 (lower case, no dot). */
export const FILE_TYPES = {
  attachment: ['jpg', 'jpeg', 'png', 'doc', 'docx', 'pdf', 'xlsx', 'xls'],
  authorizationLetter: ['pdf', 'jpg', 'jpeg', 'png'],
  quality: ['doc', 'docx', 'xls', 'xlsx', 'pdf'],
  import: ['xls', 'xlsx'],
  vinList: ['xls', 'xlsx'],
  image: ['jpg', 'jpeg', 'png'],
} as const satisfies Record<string, readonly string[]>;

/** The kind of content each extension we accept must have. */
const KIND_OF_EXTENSION: Readonly<Record<string, TFileKind>> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  docx: 'zip',
  xlsx: 'zip',
  doc: 'ole',
  xls: 'ole',
};

const SIGNATURES: ReadonlyArray<readonly [TFileKind, readonly number[]]> = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['zip', [0x50, 0x4b, 0x03, 0x04]], // PK\3\4: a local file header, how every xlsx/docx starts
  ['ole', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]], // OLE2 compound file
];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

/** The kind of a file from its leading bytes, or null when it is none we accept. */
export function detectFileKind(bytes: Uint8Array): TFileKind | null {
  for (const [kind, signature] of SIGNATURES) if (startsWith(bytes, signature)) return kind;
  return null;
}

/** jpeg or png from the leading bytes, else null. */
export function detectImageType(bytes: Uint8Array): TImageType | null {
  const kind = detectFileKind(bytes);
  return kind === 'jpeg' || kind === 'png' ? kind : null;
}

/** Lower-case extension without the dot ('' if none); a leading dot alone (".env") is not an extension. */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * True when the extension is in `allowedExts` and the content is of that extension's kind: the name alone
 * is the user's claim, the bytes are what the file is (a renamed .exe must not pass as .pdf).
 */
export function isAllowedFile(fileName: string, bytes: Uint8Array, allowedExts: readonly string[]): boolean {
  const ext = fileExtension(fileName);
  if (!allowedExts.some((a) => a.toLowerCase() === ext)) return false;
  const expected = KIND_OF_EXTENSION[ext];
  return expected !== undefined && detectFileKind(bytes) === expected;
}

/** Images (spec 5): jpg, jpeg or png by name, and jpeg or png bytes of the same kind. */
export function isAllowedImage(fileName: string, bytes: Uint8Array): boolean {
  return isAllowedFile(fileName, bytes, FILE_TYPES.image);
}

/** Size limit of every upload (5MB, message Max5MB); an empty file is not an upload either. */
export function isAllowedFileSize(size: number): boolean {
  return Number.isInteger(size) && size > 0 && size <= LIMITS.fileMaxBytes;
}
