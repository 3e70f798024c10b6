/**
 * A baseline JPEG encoder for the demo server's thumbnails and scaled variations (issue 27).
 * jpeg-js builds its encoder's tables (a 64 K-entry category table among them) on every call: for
 * a 256 px thumbnail that was three quarters of the time, and a zip of 2 000 pictures took 901 s.
 * Here the tables are built once per quality and kept. Colour is YCbCr without subsampling
 * (4:4:4), the quantisation and Huffman tables are the example ones of the JPEG standard
 * (ITU T.81, Annex K), scaled by quality as libjpeg does.
 */
import type { Rgba } from './thumbnail';

/** The natural (row-major) index of each coefficient in zig-zag order. */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63,
];

/** Annex K.1, natural order. */
const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_QUANT = Array.from({ length: 64 }, (_, at) => {
  const [row, col] = [at >> 3, at & 7];
  const corner = [17, 18, 24, 47, 18, 21, 26, 66, 24, 26, 56, 99, 47, 66, 99, 99];
  return row < 4 && col < 4 ? (corner[row * 4 + col] as number) : 99;
});

/** A Huffman table of Annex K.3: the number of codes of each length 1..16, then the symbols in order. */
interface HuffmanSpec {
  counts: number[];
  symbols: number[];
}

const upTo = (n: number) => Array.from({ length: n }, (_, at) => at);
/** The AC symbols (run << 4 | size) of Annex K.3.3, as the standard lists them. */
const acSymbols = (hex: string) => hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];

const DC_LUMA: HuffmanSpec = { counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: upTo(12) };
const DC_CHROMA: HuffmanSpec = {
  counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
  symbols: upTo(12),
};
const AC_LUMA: HuffmanSpec = {
  counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  symbols: acSymbols(
    '01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9fa',
  ),
};
const AC_CHROMA: HuffmanSpec = {
  counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  symbols: acSymbols(
    '000102031104052131061241510761711322328108144291a1b1c109233352f0156272d10a162434e125f11718191a262728292a35363738393a434445464748494a535455565758595a636465666768696a737475767778797a82838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9fa',
  ),
};

/** Code and length of each symbol (Annex C): codes of one length count up, then shift left a bit. */
function codesOf(spec: HuffmanSpec): { code: Uint16Array; length: Uint8Array } {
  const code = new Uint16Array(256);
  const length = new Uint8Array(256);
  let next = 0;
  let at = 0;
  spec.counts.forEach((count, index) => {
    for (let n = 0; n < count; n++) {
      const symbol = spec.symbols[at++] as number;
      code[symbol] = next++;
      length[symbol] = index + 1;
    }
    next <<= 1;
  });
  return { code, length };
}

const TABLES = {
  dc: [codesOf(DC_LUMA), codesOf(DC_CHROMA)],
  ac: [codesOf(AC_LUMA), codesOf(AC_CHROMA)],
};

/** cos((2x + 1) u π / 16) scaled by C(u)/2: the 1-D DCT-II as an 8 × 8 matrix. */
const DCT = Float64Array.from({ length: 64 }, (_, at) => {
  const [u, x] = [at >> 3, at & 7];
  return ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
});

/** Quantisation tables of one quality, natural order; built once per quality and kept. */
const quantByQuality = new Map<number, [Uint8Array, Uint8Array]>();

function quantOf(quality: number): [Uint8Array, Uint8Array] {
  const known = quantByQuality.get(quality);
  if (known) return known;
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
  const scaled = (base: number[]) =>
    Uint8Array.from(base, (value) => Math.min(255, Math.max(1, Math.floor((value * scale + 50) / 100))));
  const tables: [Uint8Array, Uint8Array] = [scaled(LUMA_QUANT), scaled(CHROMA_QUANT)];
  quantByQuality.set(quality, tables);
  return tables;
}

/** Bytes written with 0xFF stuffing in the entropy-coded data; grows as needed. */
class ByteWriter {
  bytes = new Uint8Array(4096);
  length = 0;
  private bits = 0;
  private count = 0;

  byte(value: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = value;
  }

  word(value: number): void {
    this.byte(value >> 8);
    this.byte(value & 0xff);
  }

  /** The lowest `size` bits of `value`, most significant first. */
  write(value: number, size: number): void {
    this.bits = (this.bits << size) | (value & ((1 << size) - 1));
    this.count += size;
    while (this.count >= 8) {
      const out = (this.bits >> (this.count - 8)) & 0xff;
      this.byte(out);
      if (out === 0xff) this.byte(0);
      this.count -= 8;
    }
    this.bits &= (1 << this.count) - 1;
  }

  /** Pads the last byte with ones (Annex F.1.2.3). */
  flush(): void {
    if (this.count > 0) this.write(0x7f, 8 - this.count);
  }
}

function writeHeaders(out: ByteWriter, width: number, height: number, quant: [Uint8Array, Uint8Array]) {
  out.word(0xffd8);
  // JFIF APP0: version 1.1, no density, no thumbnail
  out.word(0xffe0);
  out.word(16);
  for (const value of [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]) out.byte(value);
  out.word(0xffdb);
  out.word(2 + 65 * 2);
  quant.forEach((table, id) => {
    out.byte(id);
    for (const natural of ZIGZAG) out.byte(table[natural] as number);
  });
  out.word(0xffc0);
  out.word(17);
  out.byte(8);
  out.word(height);
  out.word(width);
  out.byte(3);
  for (const [id, table] of [
    [1, 0],
    [2, 1],
    [3, 1],
  ]) {
    out.byte(id as number);
    out.byte(0x11);
    out.byte(table as number);
  }
  const specs: Array<[number, HuffmanSpec]> = [
    [0x00, DC_LUMA],
    [0x10, AC_LUMA],
    [0x01, DC_CHROMA],
    [0x11, AC_CHROMA],
  ];
  out.word(0xffc4);
  out.word(2 + specs.reduce((sum, [, spec]) => sum + 17 + spec.symbols.length, 0));
  for (const [classAndId, spec] of specs) {
    out.byte(classAndId);
    for (const count of spec.counts) out.byte(count);
    for (const symbol of spec.symbols) out.byte(symbol);
  }
  out.word(0xffda);
  out.word(12);
  out.byte(3);
  for (const [id, tables] of [
    [1, 0x00],
    [2, 0x11],
    [3, 0x11],
  ]) {
    out.byte(id as number);
    out.byte(tables as number);
  }
  for (const value of [0, 63, 0]) out.byte(value);
}

/** The bit size of a coefficient and its bits (Annex F.1.2.1: negatives as value − 1). */
function magnitude(value: number): [size: number, bits: number] {
  const size = value === 0 ? 0 : 32 - Math.clz32(Math.abs(value));
  return [size, value < 0 ? value - 1 : value];
}

const block = new Float64Array(64);
const rows = new Float64Array(64);
const coefficients = new Int32Array(64);

/** Transforms, quantises and writes one 8 × 8 block held in `block` (level-shifted); answers its DC. */
function encodeBlock(out: ByteWriter, quant: Uint8Array, table: number, previousDc: number): number {
  for (let y = 0; y < 8; y++)
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = 0; x < 8; x++) sum += (DCT[u * 8 + x] as number) * (block[y * 8 + x] as number);
      rows[y * 8 + u] = sum;
    }
  for (let u = 0; u < 8; u++)
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) sum += (DCT[v * 8 + y] as number) * (rows[y * 8 + u] as number);
      coefficients[v * 8 + u] = Math.round(sum / (quant[v * 8 + u] as number));
    }
  const dc = TABLES.dc[table] as ReturnType<typeof codesOf>;
  const ac = TABLES.ac[table] as ReturnType<typeof codesOf>;
  const first = coefficients[0] as number;
  const [dcSize, dcBits] = magnitude(first - previousDc);
  out.write(dc.code[dcSize] as number, dc.length[dcSize] as number);
  if (dcSize > 0) out.write(dcBits, dcSize);
  let zeros = 0;
  for (let k = 1; k < 64; k++) {
    const value = coefficients[ZIGZAG[k] as number] as number;
    if (value === 0) {
      zeros++;
      continue;
    }
    // sixteen zeros in a row are one symbol (ZRL, 0xF0)
    for (; zeros >= 16; zeros -= 16) out.write(ac.code[0xf0] as number, ac.length[0xf0] as number);
    const [size, bits] = magnitude(value);
    const symbol = (zeros << 4) | size;
    out.write(ac.code[symbol] as number, ac.length[symbol] as number);
    out.write(bits, size);
    zeros = 0;
  }
  if (zeros > 0) out.write(ac.code[0] as number, ac.length[0] as number);
  return first;
}

/** The picture as a baseline JPEG of `quality` (1..100); alpha is ignored. */
export function encodeJpeg(image: Rgba, quality: number): Uint8Array {
  const { width, height, data } = image;
  const quant = quantOf(quality);
  const out = new ByteWriter();
  writeHeaders(out, width, height, quant);
  const dc = [0, 0, 0];
  for (let top = 0; top < height; top += 8) {
    for (let left = 0; left < width; left += 8) {
      for (let channel = 0; channel < 3; channel++) {
        for (let y = 0; y < 8; y++) {
          // blocks past the edge repeat its last row and column
          const row = Math.min(top + y, height - 1) * width;
          for (let x = 0; x < 8; x++) {
            const at = (row + Math.min(left + x, width - 1)) * 4;
            const [r, g, b] = [data[at] as number, data[at + 1] as number, data[at + 2] as number];
            block[y * 8 + x] =
              channel === 0
                ? 0.299 * r + 0.587 * g + 0.114 * b - 128
                : channel === 1
                  ? -0.168736 * r - 0.331264 * g + 0.5 * b
                  : 0.5 * r - 0.418688 * g - 0.081312 * b;
          }
        }
        dc[channel] = encodeBlock(
          out,
          quant[channel === 0 ? 0 : 1],
          channel === 0 ? 0 : 1,
          dc[channel] as number,
        );
      }
    }
  }
  out.flush();
  out.word(0xffd9);
  return out.bytes.slice(0, out.length);
}
