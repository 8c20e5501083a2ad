// The --data-dir database: one SQLite file (`state.db`, through the `libsql` package, loaded only when a data
// directory is given). Its one job: open the database (WAL, synchronous=FULL: a committed transaction is on disk
// before it returns), create the schema, load everything at start, write one change set per transaction, and on
// close fold the write-ahead log back into the file.
// It knows the state only as named collections of JSON records keyed by id, plus check results (rows of their own,
// one per check, so appending a check never rewrites a monitor's history); src/service/store.ts owns the shapes.
//
// A data directory written by earlier versions (`state.json`, the whole state as one JSON document) is imported on
// first start in one transaction, then renamed to `state.json.migrated`.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type LibsqlDatabase from 'libsql';
import { dict, type Dict } from '../../api/dict.js';

type Database = LibsqlDatabase.Database;
type Statement = LibsqlDatabase.Statement;

export const DB_FILE = 'state.db';
export const LEGACY_FILE = 'state.json';
/** Bumped when the tables change; a database from a newer version is refused. */
const SCHEMA_VERSION = 1;
/** The collection whose records are rows of their own (lists per monitor in the state). */
const CHECKS = 'checks';

/** A check result as far as storage is concerned. */
export interface CheckRow {
  id: string;
  monitorId: string;
  checkedAt: string;
}

/** Records changed since the last write; null json: removed. */
export interface ChangeSet {
  records: { collection: string; id: string; json: string | null }[];
  /** In the order they happened: added (json) or removed (null). */
  checks: { id: string; monitorId: string; json: string | null }[];
}

export interface Loaded {
  /** false: nothing was ever written (a new data directory): the service seeds it. */
  initialized: boolean;
  /** collection → id → record, each collection in the order its records were first written. */
  collections: Record<string, Record<string, unknown>>;
  /** monitor id → check results, oldest first. */
  checks: Record<string, CheckRow[]>;
}

export class DataDirError extends Error {}

/**
 * The libsql module, imported on first use. `uptimectl service` without --data-dir (and the bundled provider)
 * never loads it. A missing or unloadable native module is a clear error, not a crash.
 */
async function loadLibsql(): Promise<typeof LibsqlDatabase> {
  try {
    const mod = (await import('libsql')) as unknown as { default?: typeof LibsqlDatabase };
    return mod.default ?? (mod as unknown as typeof LibsqlDatabase);
  } catch (err) {
    throw new DataDirError(
      `--data-dir needs the npm package "libsql" (an embedded SQLite database with prebuilt native binaries), ` +
        `which could not be loaded: ${(err as Error).message}. npm installs it with this package (an optional ` +
        `dependency, on the platforms it has prebuilt binaries for: Linux, macOS, Windows x64); install it with ` +
        `\`npm install libsql\`, or run without --data-dir (state in memory).`,
    );
  }
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Directory fsync is not supported everywhere; the rename is still atomic.
  }
}

export class SqliteState {
  private readonly upsert: Statement;
  private readonly remove: Statement;
  private readonly addCheck: Statement;
  private readonly removeCheck: Statement;
  private readonly setMeta: Statement;
  private initialized: boolean;
  private readonly writeTx: (c: ChangeSet) => void;

  private constructor(
    private readonly db: Database,
    readonly file: string,
  ) {
    this.upsert = db.prepare(
      'INSERT INTO records (collection, id, json) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET json = excluded.json',
    );
    this.remove = db.prepare('DELETE FROM records WHERE collection = ? AND id = ?');
    this.addCheck = db.prepare('INSERT OR REPLACE INTO checks (id, monitor_id, json) VALUES (?, ?, ?)');
    this.removeCheck = db.prepare('DELETE FROM checks WHERE id = ?');
    this.setMeta = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.initialized = this.meta('initialized') === '1';
    this.writeTx = db.transaction((c: ChangeSet) => {
      for (const r of c.records) {
        if (r.json === null) this.remove.run(r.collection, r.id);
        else this.upsert.run(r.collection, r.id, r.json);
      }
      for (const k of c.checks) {
        if (k.json === null) this.removeCheck.run(k.id);
        else this.addCheck.run(k.id, k.monitorId, k.json);
      }
      if (!this.initialized) this.setMeta.run('initialized', '1');
    });
  }

  /** Opens (creating) `<dir>/state.db` and imports a legacy `<dir>/state.json` if there is one. */
  static async open(dir: string): Promise<SqliteState> {
    const Database = await loadLibsql();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, DB_FILE);
    let db: Database;
    try {
      // Token values and monitor secrets: owner-only. SQLite gives the -wal and -shm files the database's mode.
      if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
      db = new Database(file);
      db.pragma('journal_mode = WAL');
      // FULL: the WAL is fsynced at every commit, so a write acknowledged after commit survives a crash.
      db.pragma('synchronous = FULL');
      db.exec(
        [
          'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
          // rowid order = the order records were first written (kept by the upsert): the load keeps each
          // collection's insertion order, as the in-memory objects have it.
          'CREATE TABLE IF NOT EXISTS records (collection TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (collection, id))',
          'CREATE TABLE IF NOT EXISTS checks (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, monitor_id TEXT NOT NULL, json TEXT NOT NULL)',
        ].join(';\n'),
      );
    } catch (err) {
      throw new DataDirError(`cannot open the data directory's database ${file}: ${(err as Error).message}`);
    }
    const schema = (
      db.prepare('SELECT value FROM meta WHERE key = ?').raw().get('schema') as string[] | undefined
    )?.[0];
    if (schema === undefined) {
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('schema', String(SCHEMA_VERSION));
    } else if (Number(schema) > SCHEMA_VERSION) {
      db.close();
      throw new DataDirError(
        `${file} was written by a newer version (schema ${schema}; this version reads ${SCHEMA_VERSION})`,
      );
    }
    const s = new SqliteState(db, file);
    s.migrateLegacy(dir);
    return s;
  }

  private meta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').raw().get(key) as
      string[] | undefined;
    return row?.[0];
  }

  /**
   * `state.json` (the whole state as one JSON document, written by earlier versions): imported in one
   * transaction when the database is new, then renamed to `state.json.migrated`. If the database already has
   * state, the import committed before a crash stopped the rename: only the rename is left to do.
   */
  private migrateLegacy(dir: string): void {
    const legacy = join(dir, LEGACY_FILE);
    if (!existsSync(legacy)) return;
    if (!this.initialized) {
      let doc: unknown;
      try {
        doc = JSON.parse(readFileSync(legacy, 'utf8'));
      } catch (err) {
        throw new DataDirError(`cannot migrate ${legacy}: it is not valid JSON (${(err as Error).message})`);
      }
      if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
        throw new DataDirError(`cannot migrate ${legacy}: it is not a state document`);
      this.write(legacyChanges(doc as Record<string, unknown>));
    }
    renameSync(legacy, `${legacy}.migrated`);
    fsyncDir(dir);
  }

  /** Everything that was written. */
  load(): Loaded {
    const collections = dict<Dict<unknown>>();
    const records = this.db.prepare('SELECT collection, id, json FROM records ORDER BY rowid').raw();
    for (const row of records.iterate() as Iterable<[string, string, string]>) {
      (collections[row[0]] ??= dict())[row[1]] = JSON.parse(row[2]);
    }
    const checks = dict<CheckRow[]>();
    const rows = this.db.prepare('SELECT monitor_id, json FROM checks ORDER BY seq').raw();
    for (const row of rows.iterate() as Iterable<[string, string]>) {
      (checks[row[0]] ??= []).push(JSON.parse(row[1]) as CheckRow);
    }
    // Appended in time order, except after the service clock was set back (the store keeps lists sorted):
    // a stable sort restores the order with ties in append order.
    for (const list of Object.values(checks)) {
      for (let i = 1; i < list.length; i++) {
        if (list[i - 1]!.checkedAt > list[i]!.checkedAt) {
          list.sort((a, b) => (a.checkedAt < b.checkedAt ? -1 : a.checkedAt > b.checkedAt ? 1 : 0));
          break;
        }
      }
    }
    return { initialized: this.initialized, collections, checks };
  }

  /** Writes a change set in one transaction; on return it is on disk. */
  write(c: ChangeSet): void {
    this.writeTx(c);
    this.initialized = true;
  }

  /**
   * Folds the write-ahead log into state.db and closes it, so a cleanly stopped data directory is the one file
   * (users copy data directories). libsql's close() lets the connection go only later, after the process may
   * have exited (`process.exit` on a stop signal), which leaves `-wal` and `-shm` behind; leaving WAL mode
   * checkpoints and removes them at once. The next open sets WAL again. When another connection holds the file,
   * SQLite keeps WAL mode and the log stays: nothing committed is lost, and it is read on the next open.
   */
  close(): void {
    try {
      this.db.pragma('journal_mode = DELETE');
    } catch {
      // Busy (another connection): the log stays, as after a kill.
    }
    this.db.close();
  }
}

/** The change set that writes a legacy `state.json` document: every collection, and the check lists. */
function legacyChanges(doc: Record<string, unknown>): ChangeSet {
  const out: ChangeSet = { records: [], checks: [] };
  for (const [collection, value] of Object.entries(doc)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue; // `schema: 1`
    if (collection === CHECKS) {
      for (const [monitorId, list] of Object.entries(value as Record<string, unknown>)) {
        if (!Array.isArray(list)) continue;
        for (const k of list as CheckRow[]) out.checks.push({ id: k.id, monitorId, json: JSON.stringify(k) });
      }
      continue;
    }
    for (const [id, rec] of Object.entries(value as Record<string, unknown>))
      out.records.push({ collection, id, json: JSON.stringify(rec) });
  }
  return out;
}
