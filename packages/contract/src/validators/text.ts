/**
 * Characters that business text never needs and attackers use: what every string the API receives is
 * checked against (server: one hook over body, query and params; web: the form rules), and what file names
 * lose before they are stored.
 */

/** C0 controls except tab, line feed and carriage return, and DEL: PostgreSQL refuses NUL in text outright. */
const isControl = (cp: number) => (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || cp === 0x7f;

/**
 * Bidirectional embeddings, overrides and isolates (Unicode UAX #9): they reorder what is displayed, so
 * `invoice\u202Egnp.pdf` reads as "invoicefdp.png" (CVE-2021-42574, "Trojan Source").
 */
const isBidiControl = (cp: number) => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);

/**
 * Characters that take no space when displayed: soft hyphen, zero-width space, joiners and direction marks,
 * word joiner and invisible operators, BOM, Hangul and Khmer fillers, the Mongolian vowel separator.
 * (Kept as code points: in a regular expression's class, the joiners read as combined characters.)
 */
const INVISIBLE: ReadonlySet<number> = new Set([
  0x00ad, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2060,
  0x2061, 0x2062, 0x2063, 0x2064, 0x3164, 0xfeff,
]);
const WHITE_SPACE = /\s/;

export type TTextIssue = 'v.controlChar' | 'v.bidiControl' | 'v.invisibleOnly';

/**
 * What is wrong with a received string, as a validation message key, or null. A string of only white space
 * is left to the field's own rules (optional search fields are sent blank); one whose visible part is
 * nothing but zero-width characters is refused, as it would show as an empty name.
 */
export function textIssue(value: string): TTextIssue | null {
  let invisible = false;
  let visible = false;
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (isControl(cp)) return 'v.controlChar';
    if (isBidiControl(cp)) return 'v.bidiControl';
    if (INVISIBLE.has(cp)) invisible = true;
    else if (!WHITE_SPACE.test(ch)) visible = true;
  }
  return invisible && !visible ? 'v.invisibleOnly' : null;
}

/**
 * A file name as it is stored and shown: the last path segment, without controls, direction overrides and
 * invisible characters (so the extension shown is the real one), at most 200 characters kept from the end
 * (the extension survives), never empty or only dots.
 */
export function neutraliseFileName(name: string, fallback = 'file'): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  let kept = '';
  for (const ch of base) {
    const cp = ch.codePointAt(0)!;
    if (!isControl(cp) && !isBidiControl(cp) && !INVISIBLE.has(cp)) kept += ch;
  }
  const cleaned = kept.trim().slice(-200);
  return /^[.\s]*$/.test(cleaned) ? fallback : cleaned;
}
