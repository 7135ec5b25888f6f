import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small PNG that reads as a scanned document in the demo: a paper-coloured page with a coloured header
 * band and grey text lines. Generated, so the repository carries no binary images.
 */
export function demoDocumentPng(accent: Rgb, width = 240, height = 160): Buffer {
  const paper: Rgb = [250, 248, 240];
  const ink: Rgb = [190, 190, 190];
  const pixel = (x: number, y: number): Rgb => {
    if (y < height / 5) return accent;
    const line = Math.floor((y - height / 5) / 14);
    const inLine = (y - height / 5) % 14 < 5 && y < height - 12;
    const lineEnd = width - 20 - ((line * 37) % 60);
    return inLine && x > 16 && x < lineEnd ? ink : paper;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0 (none), then RGB
    for (let x = 0; x < width; x++) Buffer.from(pixel(x, y)).copy(row, 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
