// Private state: opaque bytes Terraform carries from Apply/Read/Import to Plan/Apply/Read. Kept as a JSON
// object of provider keys (keys starting with "." are reserved for the framework). No secrets here: it is
// stored base64 in the state file.

export class PrivateState {
  private data: Record<string, unknown>;

  constructor(bytes?: Uint8Array | null) {
    this.data = {};
    if (bytes && bytes.length) {
      try {
        const parsed = JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          this.data = parsed as Record<string, unknown>;
      } catch {
        // Not ours (e.g. written by another SDK): start empty rather than fail.
      }
    }
  }

  get<T = unknown>(key: string): T | undefined {
    return this.data[key] as T | undefined;
  }

  set(key: string, value: unknown): void {
    if (key.startsWith('.')) throw new Error(`private state keys starting with "." are reserved: ${key}`);
    if (value === undefined) delete this.data[key];
    else this.data[key] = value;
  }

  delete(key: string): void {
    delete this.data[key];
  }

  keys(): string[] {
    return Object.keys(this.data);
  }

  toBytes(): Buffer {
    return Object.keys(this.data).length ? Buffer.from(JSON.stringify(this.data)) : Buffer.alloc(0);
  }
}
