'use strict';
// What the plugin bundle gets for `import { z } from 'zod'` (scripts/build-provider.mjs): zod's namespace, loaded on
// first use. The API model builds its schemas on first use (src/api/lazy.ts), so a launch that only answers
// GetProviderSchema never evaluates zod (~1.5–3 ms of module loading on each of Terraform's launches).
let real;
const load = () => (real ??= require('zod').z);

module.exports.z = new Proxy(Object.create(null), {
  get: (_, key) => Reflect.get(load(), key),
  has: (_, key) => Reflect.has(load(), key),
  ownKeys: () => Reflect.ownKeys(load()),
  // Reported configurable: the empty target has none of the namespace's properties (a proxy invariant).
  getOwnPropertyDescriptor: (_, key) => {
    const d = Reflect.getOwnPropertyDescriptor(load(), key);
    return d && { ...d, configurable: true };
  },
  getPrototypeOf: () => Reflect.getPrototypeOf(load()),
});
