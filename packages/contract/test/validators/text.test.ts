import { describe, expect, it } from 'vitest';
import { neutraliseFileName, textIssue } from '../../src/validators/text.ts';

describe('textIssue', () => {
  it('accepts ordinary text in any script, with white space, emoji joined by zero-width joiners', () => {
    for (const ok of [
      '',
      '   ',
      'XH-EV-2026',
      '恒信动力电池有限公司',
      'Line\nbreak\tand\rreturn',
      '👩\u200d🔧 星河',
      'a\u200bb',
    ]) {
      expect(textIssue(ok)).toBeNull();
    }
  });

  it('refuses C0 controls (NUL first of all) and DEL', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001f', 'del\u007f'])
      expect(textIssue(bad)).toBe('v.controlChar');
  });

  it('refuses every bidirectional embedding, override and isolate', () => {
    for (const cp of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(textIssue(`invoice${String.fromCodePoint(cp)}gnp.pdf`)).toBe('v.bidiControl');
    }
  });

  it('refuses text whose only non-blank characters are invisible', () => {
    for (const bad of ['\u200b', '\u200b\u200c\u200d', ' \ufeff ', '\u3164', '\u00ad\u2060']) {
      expect(textIssue(bad)).toBe('v.invisibleOnly');
    }
  });
});

describe('neutraliseFileName', () => {
  it('keeps the last path segment and the real extension', () => {
    expect(neutraliseFileName('C:\\Users\\x\\report.pdf')).toBe('report.pdf');
    expect(neutraliseFileName('../../etc/passwd')).toBe('passwd');
    expect(neutraliseFileName('invoice\u202Egnp.pdf')).toBe('invoicegnp.pdf');
    expect(neutraliseFileName('photo\u200b.jpg\u0000')).toBe('photo.jpg');
    expect(neutraliseFileName(`${'a'.repeat(300)}.xlsx`)).toBe(`${'a'.repeat(195)}.xlsx`);
  });

  it('never answers an empty name or one of dots', () => {
    for (const name of ['', '\u200b\u202e', '..', ' . ', 'dir/'])
      expect(neutraliseFileName(name)).toBe('file');
  });
});
