// RFC 8785 for plain JSON, written out independently of packages/ledger, as a third party would from the
// RFC: the independent verifier and the privacy tests check the server's bytes against it.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** RFC 8785: sorted members (UTF-16 code units, JavaScript's default sort), ES number and string forms. */
export const jcs = (v: Json): string =>
  v === null || typeof v !== 'object'
    ? JSON.stringify(v)
    : Array.isArray(v)
      ? `[${v.map(jcs).join(',')}]`
      : `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${jcs(v[k]!)}`)
          .join(',')}}`;
