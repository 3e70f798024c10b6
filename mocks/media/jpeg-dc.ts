/**
 * A large sequential JPEG read at an eighth of its size, from the first coefficient of each 8 × 8
 * block (its mean), so its pixels are never whole in memory (issue 27): jpeg-js keeps every
 * coefficient of every block and the whole picture, about 20 bytes a pixel, so a 40 MP photo took
 * over 700 MB. Here the memory is the file and an eighth of a picture in each dimension. A thumbnail
 * of at most 256 px needs no more from a picture of 2 048 px or more. The other coefficients are
 * decoded only to be skipped. Progressive and CMYK files are not read here (undefined): jpeg-js
 * reads them, within its memory limit.
 */
import type { Rgba } from './thumbnail';

interface Component {
  id: number;
  h: number;
  v: number;
  quantTable: number;
  /** the block means, `blocksWide` a row */
  means: Float32Array;
  blocksWide: number;
  predictor: number;
  dcTable: number;
  acTable: number;
}

/** A Huffman table as in JPEG's annex F: the largest code of each length, and where its values start. */
interface Huffman {
  maxCode: Int32Array;
  valueOffset: Int32Array;
  values: Uint8Array;
}

function huffman(counts: Uint8Array, values: Uint8Array): Huffman {
  const maxCode = new Int32Array(18).fill(-1);
  const valueOffset = new Int32Array(17);
  let code = 0;
  let at = 0;
  for (let length = 1; length <= 16; length++) {
    const count = counts[length - 1] ?? 0;
    valueOffset[length] = at - code;
    code += count;
    at += count;
    if (count > 0) maxCode[length] = code - 1;
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff;
  return { maxCode, valueOffset, values };
}

/** The entropy-coded bits of a scan: 0xFF 0x00 is a 0xFF byte; a restart marker ends a stretch. */
class Bits {
  private buffer = 0;
  private count = 0;
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
  ) {}

  bit(): number {
    if (this.count === 0) {
      const byte = this.bytes[this.at] ?? 0;
      if (byte === 0xff) {
        const next = this.bytes[this.at + 1] ?? 0;
        // a marker inside the data: the stretch is over, zeros pad it (as decoders do)
        if (next !== 0) return 0;
        this.at += 1;
      }
      this.at += 1;
      this.buffer = byte;
      this.count = 8;
    }
    this.count -= 1;
    return (this.buffer >> this.count) & 1;
  }

  receive(length: number): number {
    let value = 0;
    for (let n = 0; n < length; n++) value = (value << 1) | this.bit();
    return value;
  }

  decode(table: Huffman): number {
    let code = this.bit();
    let length = 1;
    while (code > (table.maxCode[length] ?? -1)) {
      code = (code << 1) | this.bit();
      length += 1;
      if (length > 16) throw new Error('a Huffman code longer than 16 bits');
    }
    return table.values[code + (table.valueOffset[length] ?? 0)] ?? 0;
  }

  /** Skips to the byte after the next restart marker, forgetting the bits left. */
  restart(): void {
    this.count = 0;
    while (this.at + 1 < this.bytes.length) {
      if (
        this.bytes[this.at] === 0xff &&
        (this.bytes[this.at + 1] ?? 0) >= 0xd0 &&
        (this.bytes[this.at + 1] ?? 0) <= 0xd7
      ) {
        this.at += 2;
        return;
      }
      this.at += 1;
    }
  }
}

/** A value of `length` bits in JPEG's sign convention (F.2.2.1, EXTEND). */
const extend = (value: number, length: number): number =>
  length === 0 ? 0 : value < 1 << (length - 1) ? value - (1 << length) + 1 : value;

/** One block: its mean kept, its other 63 coefficients read and dropped. */
function readBlock(
  bits: Bits,
  component: Component,
  dc: Huffman,
  ac: Huffman,
  quant: Uint16Array,
  at: number,
) {
  const length = bits.decode(dc);
  component.predictor += extend(bits.receive(length), length);
  // the mean of the block's samples is its first coefficient over 8, around 128 (A.3.3)
  component.means[at] = (component.predictor * (quant[0] ?? 1)) / 8 + 128;
  for (let k = 1; k < 64; ) {
    const symbol = bits.decode(ac);
    const size = symbol & 15;
    if (size === 0) {
      if (symbol !== 0xf0) break;
      k += 16;
    } else {
      bits.receive(size);
      k += (symbol >> 4) + 1;
    }
  }
}

interface Frame {
  width: number;
  height: number;
  components: Component[];
  maxH: number;
  maxV: number;
}

function readScan(bytes: Uint8Array, at: number, frame: Frame, scan: Component[], tables: Tables): number {
  const bits = new Bits(bytes, at);
  const mcusWide = Math.ceil(frame.width / (8 * frame.maxH));
  const mcusHigh = Math.ceil(frame.height / (8 * frame.maxV));
  const single = scan.length === 1 ? scan[0] : undefined;
  // one component alone is in its own blocks' order, not in units of the largest sampling
  const unitsWide = single ? Math.ceil(Math.ceil((frame.width * single.h) / frame.maxH) / 8) : mcusWide;
  const unitsHigh = single ? Math.ceil(Math.ceil((frame.height * single.v) / frame.maxV) / 8) : mcusHigh;
  for (const component of scan) component.predictor = 0;
  let left = tables.restartInterval;
  for (let unit = 0; unit < unitsWide * unitsHigh; unit++) {
    if (tables.restartInterval > 0 && left === 0) {
      bits.restart();
      for (const component of scan) component.predictor = 0;
      left = tables.restartInterval;
    }
    left -= 1;
    const [row, column] = [Math.floor(unit / unitsWide), unit % unitsWide];
    for (const component of scan) {
      const dc = tables.huffman[component.dcTable];
      const ac = tables.huffman[16 + component.acTable];
      const quant = tables.quant[component.quantTable];
      if (!dc || !ac || !quant) throw new Error('a table the scan names is missing');
      const [h, v] = single ? [1, 1] : [component.h, component.v];
      for (let y = 0; y < v; y++)
        for (let x = 0; x < h; x++)
          readBlock(bits, component, dc, ac, quant, (row * v + y) * component.blocksWide + column * h + x);
    }
  }
  return bits.at;
}

interface Tables {
  quant: Array<Uint16Array | undefined>;
  /** DC tables at 0..3, AC tables at 16..19 */
  huffman: Array<Huffman | undefined>;
  restartInterval: number;
}

/** 0xFF then a byte that is neither a stuffed zero nor a restart marker. */
const isMarker = (first = 0, second = 0) =>
  first === 0xff && second !== 0 && (second < 0xd0 || second > 0xd7);

const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);

function readTables(bytes: Uint8Array, marker: number, at: number, end: number, tables: Tables): void {
  if (marker === 0xdb) {
    while (at < end) {
      const [precision, id] = [(bytes[at] ?? 0) >> 4, (bytes[at] ?? 0) & 15];
      const table = new Uint16Array(64);
      for (let k = 0; k < 64; k++)
        table[k] = precision ? u16(bytes, at + 1 + 2 * k) : (bytes[at + 1 + k] ?? 0);
      tables.quant[id] = table;
      at += 1 + 64 * (precision ? 2 : 1);
    }
  } else if (marker === 0xc4) {
    while (at < end) {
      const [kind, id] = [(bytes[at] ?? 0) >> 4, (bytes[at] ?? 0) & 15];
      const counts = bytes.subarray(at + 1, at + 17);
      const total = counts.reduce((sum, count) => sum + count, 0);
      tables.huffman[kind * 16 + id] = huffman(counts, bytes.subarray(at + 17, at + 17 + total));
      at += 17 + total;
    }
  } else if (marker === 0xdd) tables.restartInterval = u16(bytes, at);
}

function readFrame(bytes: Uint8Array, at: number): Frame {
  const [height, width, count] = [u16(bytes, at + 1), u16(bytes, at + 3), bytes[at + 5] ?? 0];
  const components: Component[] = [];
  for (let n = 0; n < count; n++) {
    const base = at + 6 + n * 3;
    const sampling = bytes[base + 1] ?? 0x11;
    components.push({
      id: bytes[base] ?? 0,
      h: sampling >> 4,
      v: sampling & 15,
      quantTable: bytes[base + 2] ?? 0,
      means: new Float32Array(0),
      blocksWide: 0,
      predictor: 0,
      dcTable: 0,
      acTable: 0,
    });
  }
  const maxH = Math.max(...components.map((component) => component.h));
  const maxV = Math.max(...components.map((component) => component.v));
  const mcusWide = Math.ceil(width / (8 * maxH));
  const mcusHigh = Math.ceil(height / (8 * maxV));
  for (const component of components) {
    component.blocksWide = mcusWide * component.h;
    component.means = new Float32Array(component.blocksWide * mcusHigh * component.v);
  }
  return { width, height, components, maxH, maxV };
}

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : value);

/** The block means as a picture of one pixel per 8 × 8 block of the largest sampling. */
function meansPicture(frame: Frame, adobeRgb: boolean): Rgba {
  const width = Math.ceil(frame.width / 8);
  const height = Math.ceil(frame.height / 8);
  const data = new Uint8Array(width * height * 4);
  const sample = (component: Component, x: number, y: number) =>
    component.means[
      Math.floor((y * component.v) / frame.maxV) * component.blocksWide +
        Math.floor((x * component.h) / frame.maxH)
    ] ?? 128;
  const [first, second, third] = frame.components as [Component, Component?, Component?];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const luma = sample(first, x, y);
      if (!second || !third) data.set([clamp(luma), clamp(luma), clamp(luma), 255], at);
      else if (adobeRgb)
        data.set([clamp(luma), clamp(sample(second, x, y)), clamp(sample(third, x, y)), 255], at);
      else {
        const [cb, cr] = [sample(second, x, y) - 128, sample(third, x, y) - 128];
        data.set(
          [
            clamp(luma + 1.402 * cr),
            clamp(luma - 0.344136 * cb - 0.714136 * cr),
            clamp(luma + 1.772 * cb),
            255,
          ],
          at,
        );
      }
    }
  }
  return { width, height, data };
}

/**
 * The picture at an eighth of its size (rounded up) and its full size; undefined for a file this
 * reader does not take (progressive, arithmetic-coded, CMYK) or cannot follow.
 */
export function jpegEighth(bytes: Uint8Array): { image: Rgba; width: number; height: number } | undefined {
  const tables: Tables = { quant: [], huffman: [], restartInterval: 0 };
  let frame: Frame | undefined;
  let adobeRgb = false;
  let at = 2;
  try {
    while (at + 4 <= bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1] ?? 0;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker === 0xd9) break;
      const length = u16(bytes, at + 2);
      const body = at + 4;
      const end = at + 2 + length;
      if (marker === 0xc0 || marker === 0xc1) frame = readFrame(bytes, body);
      else if (marker >= 0xc2 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return undefined;
      else if (marker === 0xee && String.fromCharCode(...bytes.subarray(body, body + 5)) === 'Adobe')
        adobeRgb = bytes[body + 11] === 0;
      else if (marker === 0xda) {
        if (!frame || frame.components.length === 4) return undefined;
        const count = bytes[body] ?? 0;
        const scan: Component[] = [];
        for (let n = 0; n < count; n++) {
          const id = bytes[body + 1 + n * 2];
          const tablesByte = bytes[body + 2 + n * 2] ?? 0;
          const component = frame.components.find((candidate) => candidate.id === id);
          if (!component) return undefined;
          component.dcTable = tablesByte >> 4;
          component.acTable = tablesByte & 15;
          scan.push(component);
        }
        at = readScan(bytes, end, frame, scan, tables);
        // on to the next marker: the scan's last byte may be padded, a restart marker may follow
        while (at + 1 < bytes.length && !isMarker(bytes[at], bytes[at + 1])) at += 1;
        continue;
      } else readTables(bytes, marker, body, end, tables);
      at = end;
    }
  } catch {
    return undefined;
  }
  if (!frame) return undefined;
  return { image: meansPicture(frame, adobeRgb), width: frame.width, height: frame.height };
}
