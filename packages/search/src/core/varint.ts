/** A growable byte buffer for writing unsigned LEB128 varints. */
export class VarintWriter {
  private bytes: Uint8Array;
  private length = 0;

  constructor(initialSize = 256) {
    this.bytes = new Uint8Array(Math.max(16, initialSize));
  }

  /** Appends a non-negative integer (up to 2^53). */
  write(value: number): void {
    if (this.length + 8 > this.bytes.length) {
      const bigger = new Uint8Array(this.bytes.length * 2);
      bigger.set(this.bytes.subarray(0, this.length));
      this.bytes = bigger;
    }
    if (value < 0x80) {
      // Most values (gaps, masks, frequencies) fit in one byte.
      this.bytes[this.length++] = value;
      return;
    }
    let v = value;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.bytes[this.length++] = v;
  }

  /** The bytes written so far (a copy, safe to keep). */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** Reads unsigned LEB128 varints from a byte array. */
export class VarintReader {
  /** Offset of the next byte to read. */
  offset = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /** True while bytes remain. */
  more(): boolean {
    return this.offset < this.bytes.length;
  }

  /** Reads the next integer; throws on a truncated value. */
  read(): number {
    let result = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.offset++];
      if (byte === undefined) throw new Error('truncated varint');
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 0x80;
    }
  }
}
