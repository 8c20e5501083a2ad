// Lazily built zod schemas: each schema of the model is built on its first use, not when the module loads.
// The plugin is launched 3–4 times per Terraform command and each launch uses a handful of the model's schemas;
// building all of them (about 200 zod constructors) cost ~12 ms per launch.

let built = 0;

/**
 * A value (a zod schema, or an object of schemas) that is built by `build` on first access and is then
 * indistinguishable from it: every property read, method call, `in`, `Object.keys`, `instanceof` and prototype
 * lookup goes to the built value. `build` must be pure (no process state: env, argv, time), so the value is the
 * same whenever it is built (also inside a V8 startup snapshot).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let value: T | undefined;
  const real = (): T => {
    if (value === undefined) {
      value = build();
      built++;
    }
    return value;
  };
  // util.inspect (console.log) looks at a proxy's target, not through its traps: the target shows the built value.
  const target = Object.create(null) as Record<symbol, unknown>;
  target[Symbol.for('nodejs.util.inspect.custom')] = (
    _depth: number,
    options: object,
    inspect: (v: unknown, o: object) => string,
  ) => inspect(real(), options);
  return new Proxy(target as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, v) => Reflect.set(real(), key, v),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported configurable: the (empty) proxy target has none of the built value's properties, and a proxy may
    // not report a property as non-configurable unless its target has it.
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(real(), key, d),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

/** A function's result, computed on the first call and kept (for helper values shared by several schemas). */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => {
    if (!done) {
      value = build();
      done = true;
    }
    return value as T;
  };
}

/** How many lazy schemas have been built in this process (tests: what a code path builds). */
export const lazySchemasBuilt = (): number => built;
