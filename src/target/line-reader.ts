/** Splits a byte stream into newline-delimited lines with a bound on line length (stdio framing, DIGEST §b). */
export class LineReader {
  private parts: Buffer[] = [];
  private size = 0;
  private skipping = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversize: (bytesSeen: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) {
        this.append(chunk.subarray(start));
        return;
      }
      this.append(chunk.subarray(start, nl));
      this.flush();
      start = nl + 1;
    }
  }

  end(): void {
    if (this.size > 0 || this.parts.length) this.flush();
  }

  private append(b: Buffer): void {
    if (b.length === 0) return;
    if (this.skipping) {
      this.size += b.length;
      return;
    }
    this.size += b.length;
    if (this.size > this.maxLineBytes) {
      this.skipping = true;
      this.parts = [];
      return;
    }
    this.parts.push(b);
  }

  private flush(): void {
    if (this.skipping) this.onOversize(this.size);
    else {
      const line = Buffer.concat(this.parts).toString('utf8');
      if (line.trim().length) this.onLine(line);
    }
    this.parts = [];
    this.size = 0;
    this.skipping = false;
  }
}
