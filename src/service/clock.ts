/**
 * The service's only source of time. Tests drive it through the admin API (`/admin/clock`) to cross
 * rate-limit windows, token expiry and the 24 h idempotency retention without waiting.
 */
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  /** Moves the clock forward (or back, with a negative value). A frozen clock stays frozen. */
  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  set(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt = ms;
    else this.offsetMs = ms - Date.now();
  }

  freeze(): void {
    if (this.frozenAt === null) this.frozenAt = this.now();
  }

  unfreeze(): void {
    if (this.frozenAt !== null) {
      this.offsetMs = this.frozenAt - Date.now();
      this.frozenAt = null;
    }
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }
}
