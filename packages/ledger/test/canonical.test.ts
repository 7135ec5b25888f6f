import { describe, expect, it } from 'vitest';
import { canonicalBytes, canonicalize, hex } from '../src/index.ts';

/** An IEEE 754 double from its 16-hex-digit bit pattern, as RFC 8785 appendix B lists them. */
function double(bits: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${bits}`));
  return view.getFloat64(0);
}

describe('canonicalize (RFC 8785)', () => {
  it('serialises the section 3.2.2 example', () => {
    const input = String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`;
    const expected = String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`;
    expect(canonicalize(JSON.parse(input))).toBe(expected);
  });

  it('encodes the section 3.2.2 example as the UTF-8 bytes of section 3.2.4', () => {
    const value = { literals: [null, true, false], string: '€$' };
    expect(hex(canonicalBytes(value))).toBe(
      '7b226c6974657261' +
        '6c73223a5b6e756c' +
        '6c2c747275652c66' +
        '616c73655d2c2273' +
        '7472696e67223a22' +
        'e282ac24227d',
    );
  });

  it('sorts members by UTF-16 code units (section 3.2.3 example)', () => {
    const input = String.raw`{
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis"
    }`;
    // RFC 8785 lists the resulting order by the members' values.
    const values = [...canonicalize(JSON.parse(input)).matchAll(/:"([^"]*)"/g)].map((match) => match[1]);
    expect(values).toEqual([
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ]);
    expect(canonicalize(JSON.parse(input))).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis",' +
        '"€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('serialises numbers as ECMAScript does (appendix B)', () => {
    const cases: [string, string][] = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    for (const [bits, text] of cases) expect(canonicalize(double(bits)), bits).toBe(text);
    const literals: [number, string][] = [
      [1e30, '1e+30'],
      [4.5, '4.5'],
      [2e-3, '0.002'],
      [0.000001, '0.000001'],
      [1e-7, '1e-7'],
      [-0, '0'],
      [Number('333333333.33333329'), '333333333.3333333'], // the RFC's literal, rounded as a parser would
      [1e21, '1e+21'],
      [123456789012345680000, '123456789012345680000'],
    ];
    for (const [value, text] of literals) expect(canonicalize(value)).toBe(text);
  });

  it('escapes strings exactly as JSON.stringify', () => {
    const samples = [
      '',
      'plain',
      '"quoted"',
      'back\\slash',
      '\u0000\u0001\u001f\u007f',
      '\b\f\n\r\t',
      '/</script>',
    ];
    samples.push('\u2028\u2029', 'é中文😀', '\ud83d\ude00');
    for (const sample of samples) expect(canonicalize(sample)).toBe(JSON.stringify(sample));
    expect(canonicalize('\u001f')).toBe('"\\u001f"');
    expect(canonicalize('\u007f')).toBe('"\u007f"');
  });

  it('sorts nested members, keeps array order and drops whitespace', () => {
    const value = {
      b: [3, 1, { z: 1, a: [] }],
      a: { d: null, c: {} },
      '': 'empty',
      B: true,
      '10': 1,
      '9': 2,
    };
    expect(canonicalize(value)).toBe(
      '{"":"empty","10":1,"9":2,"B":true,"a":{"c":{},"d":null},"b":[3,1,{"a":[],"z":1}]}',
    );
  });

  it('orders by code units, not code points (a supplementary character sorts before U+FB33)', () => {
    expect(canonicalize({ '\ufb33': 1, '\u{1f600}': 2, '\uffff': 3 })).toBe(
      '{"\u{1f600}":2,"\ufb33":1,"\uffff":3}',
    );
  });

  it('skips undefined members like JSON, honours toJSON, and accepts null-prototype objects', () => {
    expect(canonicalize({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalize({ at: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)) })).toBe(
      '{"at":"2024-01-02T03:04:05.006Z"}',
    );
    const bare = Object.create(null) as Record<string, unknown>;
    bare.y = 'y';
    bare.x = 'x';
    expect(canonicalize(bare)).toBe('{"x":"x","y":"y"}');
  });

  it('is independent of member insertion order', () => {
    expect(canonicalize({ a: 1, b: { c: 2, d: 3 } })).toBe(canonicalize({ b: { d: 3, c: 2 }, a: 1 }));
  });

  it('rejects values without an I-JSON form', () => {
    const bad: unknown[] = [
      NaN,
      Infinity,
      -Infinity,
      { n: NaN },
      [Infinity],
      undefined,
      [undefined],
      [1, , 3], // eslint-disable-line no-sparse-arrays
      10n,
      { big: 1n },
      () => 1,
      { f: () => 1 },
      Symbol('s'),
      new Map([[1, 2]]),
      new Set([1]),
      new Uint8Array([1]),
      new (class Point {
        x = 1;
      })(),
      '\ud800',
      'a\udc00b',
      'end\ud83d',
      '\ude00\ud83d',
      '\ud83d\ude00\ude00',
      { '\ud83d': 1 },
    ];
    for (const value of bad) expect(() => canonicalize(value)).toThrow(TypeError);
    expect(canonicalize('a\ud83d\ude00b\u{10ffff}')).toBe('"a\u{1f600}b\u{10ffff}"');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalize(cyclic)).toThrow(/cyclic/);
    const shared = { x: 1 };
    expect(canonicalize({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });

  it('canonicalBytes is the UTF-8 encoding', () => {
    expect(Array.from(canonicalBytes({ k: 'é€😀' }))).toEqual(
      Array.from(new TextEncoder().encode('{"k":"é€😀"}')),
    );
  });
});
