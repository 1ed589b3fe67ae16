/** A growing list of 32-bit integers: the line index (about 600,000 stem places a schedule) and the line vectors' word ids. */
export class IntList {
  items = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.items.length) {
      const next = new Int32Array(this.items.length * 2);
      next.set(this.items);
      this.items = next;
    }
    this.items[this.length++] = v;
  }
  done(): Int32Array {
    return this.items.slice(0, this.length);
  }
}
