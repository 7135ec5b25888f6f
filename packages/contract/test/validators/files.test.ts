import { describe, it, expect } from 'vitest';
import {
  FILE_TYPES,
  detectFileKind,
  detectImageType,
  fileExtension,
  isAllowedFile,
  isAllowedFileSize,
  isAllowedImage,
} from '../../src/validators/index.ts';
import { LIMITS } from '../../src/limits.ts';

/** The signature followed by some filler, as a real file would be. */
const file = (...head: number[]) => new Uint8Array([...head, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const JPEG = file(0xff, 0xd8, 0xff, 0xe0);
const PNG = file(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n');
const ZIP = file(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00);
const OLE = file(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const GIF = new TextEncoder().encode('GIF89a......');
const EXE = new TextEncoder().encode('MZ\x90\x00......');
const TEXT = new TextEncoder().encode('hello, world');

describe('detectImageType', () => {
  it('recognises jpeg and png by their leading bytes', () => {
    expect(detectImageType(JPEG)).toBe('jpeg');
    expect(detectImageType(PNG)).toBe('png');
  });

  it.each([
    ['gif', GIF],
    ['pdf', PDF],
    ['empty', new Uint8Array()],
    ['truncated jpeg', new Uint8Array([0xff, 0xd8])],
    ['truncated png', new Uint8Array([0x89, 0x50, 0x4e, 0x47])],
    ['png with a broken signature', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
  ])('returns null for %s', (_label, bytes) => expect(detectImageType(bytes)).toBeNull());
});

describe('detectFileKind', () => {
  it.each([
    ['pdf', PDF],
    ['jpeg', JPEG],
    ['png', PNG],
    ['zip', ZIP],
    ['ole', OLE],
  ])('recognises %s', (kind, bytes) => expect(detectFileKind(bytes)).toBe(kind));

  it.each([
    ['gif', GIF],
    ['exe', EXE],
    ['text', TEXT],
    ['empty', new Uint8Array()],
    ['pdf signature not at the start', new TextEncoder().encode(' %PDF-1.7')],
    ['empty zip (end record only)', new Uint8Array([0x50, 0x4b, 0x05, 0x06])],
  ])('returns null for %s', (_label, bytes) => expect(detectFileKind(bytes)).toBeNull());
});

describe('fileExtension', () => {
  it.each([
    ['photo.jpg', 'jpg'],
    ['PHOTO.JPEG', 'jpeg'],
    ['report.final.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['C:\\docs\\list.xlsx', 'xlsx'],
    ['/tmp/a.b/readme', ''],
    ['noext', ''],
    ['.env', ''],
    ['trailing.', ''],
    ['', ''],
  ])('%j -> %j', (name, ext) => expect(fileExtension(name)).toBe(ext));
});

describe('FILE_TYPES', () => {
  it('lists the extensions of spec 5', () => {
    expect([...FILE_TYPES.attachment].sort()).toEqual([
      'doc',
      'docx',
      'jpeg',
      'jpg',
      'pdf',
      'png',
      'xls',
      'xlsx',
    ]);
    expect([...FILE_TYPES.authorizationLetter].sort()).toEqual(['jpeg', 'jpg', 'pdf', 'png']);
    expect([...FILE_TYPES.quality].sort()).toEqual(['doc', 'docx', 'pdf', 'xls', 'xlsx']);
    expect([...FILE_TYPES.import].sort()).toEqual(['xls', 'xlsx']);
    expect([...FILE_TYPES.image].sort()).toEqual(['jpeg', 'jpg', 'png']);
  });
});

describe('isAllowedImage', () => {
  it.each([
    ['a.jpg', JPEG],
    ['a.JPG', JPEG],
    ['a.jpeg', JPEG],
    ['a.png', PNG],
  ])('accepts %s with matching bytes', (name, bytes) => expect(isAllowedImage(name, bytes)).toBe(true));

  it.each([
    ['png named jpg', 'a.jpg', PNG],
    ['jpeg named png', 'a.png', JPEG],
    ['gif named png', 'a.png', GIF],
    ['jpeg named gif', 'a.gif', JPEG],
    ['pdf named jpg', 'a.jpg', PDF],
    ['no extension', 'photo', JPEG],
    ['empty content', 'a.png', new Uint8Array()],
  ])('rejects %s', (_label, name, bytes) => expect(isAllowedImage(name, bytes)).toBe(false));
});

describe('isAllowedFile', () => {
  it.each([
    ['a.pdf', PDF, FILE_TYPES.attachment],
    ['a.docx', ZIP, FILE_TYPES.attachment],
    ['a.xlsx', ZIP, FILE_TYPES.import],
    ['a.XLS', OLE, FILE_TYPES.import],
    ['a.doc', OLE, FILE_TYPES.quality],
    ['a.jpeg', JPEG, FILE_TYPES.authorizationLetter],
    ['a.png', PNG, ['PNG']],
  ])('accepts %s', (name, bytes, allowed) => expect(isAllowedFile(name, bytes, allowed)).toBe(true));

  it.each([
    ['extension not in the list', 'a.pdf', PDF, FILE_TYPES.import],
    ['image not allowed for quality files', 'a.png', PNG, FILE_TYPES.quality],
    ['exe renamed to pdf', 'a.pdf', EXE, FILE_TYPES.attachment],
    ['xls content named xlsx', 'a.xlsx', OLE, FILE_TYPES.import],
    ['xlsx content named xls', 'a.xls', ZIP, FILE_TYPES.import],
    ['pdf named docx', 'a.docx', PDF, FILE_TYPES.attachment],
    ['allowed extension of no known kind', 'a.txt', TEXT, ['txt']],
    ['no extension', 'README', PDF, FILE_TYPES.attachment],
  ])('rejects %s', (_label, name, bytes, allowed) => expect(isAllowedFile(name, bytes, allowed)).toBe(false));
});

describe('isAllowedFileSize', () => {
  it('accepts 1 byte up to exactly 5MB', () => {
    expect(isAllowedFileSize(1)).toBe(true);
    expect(isAllowedFileSize(LIMITS.fileMaxBytes)).toBe(true);
    expect(LIMITS.fileMaxBytes).toBe(5 * 1024 * 1024);
  });

  it.each([0, -1, LIMITS.fileMaxBytes + 1, 1.5, Number.NaN])('rejects %j', (size) =>
    expect(isAllowedFileSize(size)).toBe(false),
  );
});
