import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Shrinks a screenshot for the docs: decodes an 8-bit, non-interlaced RGB/RGBA PNG (what Chromium
 * writes) and re-encodes it as a 256-colour palette PNG. UI screenshots have few colours, so a
 * popularity palette over 15-bit colour bins keeps them crisp at a third of the size.
 */

const SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function decode(png: Buffer): { width: number; height: number; rgb: Uint8Array } {
  if (!png.subarray(0, 8).equals(SIG)) throw new Error('not a PNG');
  let pos = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('ascii', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs');
      colorType = data[9];
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const bpp = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (!bpp) throw new Error(`unsupported colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = new Uint8Array(width * height * bpp);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[row + x - bpp] : 0;
      const b = y > 0 ? out[row - stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[row - stride + x - bpp] : 0;
      let v = raw[src + x];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[row + x] = v & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < out.length; i += bpp, j += 3) {
    rgb[j] = out[i];
    rgb[j + 1] = out[i + 1];
    rgb[j + 2] = out[i + 2];
  }
  return { width, height, rgb };
}

export function toPalettePng(png: Buffer): Buffer {
  const { width, height, rgb } = decode(png);
  const bin = (r: number, g: number, b: number) => ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
  const counts = new Uint32Array(32768);
  const sums = new Float64Array(32768 * 3);
  for (let i = 0; i < rgb.length; i += 3) {
    const k = bin(rgb[i], rgb[i + 1], rgb[i + 2]);
    counts[k]++;
    sums[k * 3] += rgb[i];
    sums[k * 3 + 1] += rgb[i + 1];
    sums[k * 3 + 2] += rgb[i + 2];
  }
  const used = [...counts.keys()].filter((k) => counts[k] > 0).sort((a, b) => counts[b] - counts[a]);
  const chosen = used.slice(0, 256);
  const pal = chosen.map((k) => [0, 1, 2].map((c) => Math.round(sums[k * 3 + c] / counts[k])));
  const lut = new Uint8Array(32768);
  for (const k of used) {
    const r = ((k >> 10) << 3) + 4;
    const g = (((k >> 5) & 31) << 3) + 4;
    const b = ((k & 31) << 3) + 4;
    let best = 0;
    let bestD = Infinity;
    for (let p = 0; p < pal.length; p++) {
      const d = (pal[p][0] - r) ** 2 * 3 + (pal[p][1] - g) ** 2 * 4 + (pal[p][2] - b) ** 2 * 2;
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
    lut[k] = best;
  }
  const rows = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      rows[y * (width + 1) + 1 + x] = lut[bin(rgb[i], rgb[i + 1], rgb[i + 2])];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 3;
  return Buffer.concat([
    SIG,
    chunk('IHDR', ihdr),
    chunk('PLTE', Buffer.from(pal.flat())),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
