import fsp from "node:fs/promises";

/*
 * The pieces the group-commit driver (sqlite.ts, decision 036) is made of:
 * the log's kept file handles, the turn on the one connection, and a group
 * of transactions committed together.
 */

/**
 * fdatasync of files (or folders) by their names, each through a handle
 * opened the first time and kept (opening and closing the log at every sync
 * cost more than the sync's own call). SQLite keeps the log file while any
 * connection is open, so the handle stays the log's; `close` before closing
 * the database, whose last connection deletes it.
 */
export function keptHandles() {
  const handles = new Map<string, Promise<fsp.FileHandle>>();
  return {
    async sync(file: string): Promise<void> {
      let handle = handles.get(file);
      if (!handle) {
        handle = fsp.open(file, "r");
        handles.set(file, handle);
        handle.catch(() => handles.delete(file));
      }
      await (await handle).datasync();
    },
    async close(): Promise<void> {
      const open = [...handles.values()];
      handles.clear();
      for (const handle of open) await (await handle.catch(() => undefined))?.close();
    },
  };
}

/** One holder at a time, in the order asked; `first` goes before the others waiting. */
export class Turn {
  #held = false;
  #queue: (() => void)[] = [];

  get free(): boolean {
    return !this.#held && this.#queue.length === 0;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  take(first = false): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => (first ? this.#queue.unshift(resolve) : this.#queue.push(resolve)));
  }

  /** Hands the turn to the next one waiting, if any. */
  give(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** A real transaction and the units (transactions, writes) in it, and the promise of its commit. */
export class Group {
  units = 0;
  readonly opened = performance.now();
  readonly durable: Promise<void>;
  resolve!: () => void;
  reject!: (error: unknown) => void;
  /** Why the group failed, once it has: what a transaction still running in it is told. */
  failure: unknown;

  constructor() {
    this.durable = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = (error) => {
        this.failure ??= error;
        reject(error);
      };
    });
    // A group whose units all rolled back has nobody waiting on it.
    this.durable.catch(() => undefined);
  }
}
