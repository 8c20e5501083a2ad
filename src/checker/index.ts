// The HTTP check (the request, its judgement, the address guard) and the alert rule, below both the local service's
// engine and `plan-report --probe`/backtest. Depends on node and undici only.
export * from './address-guard.js';
export * from './alert-rule.js';
export * from './http-check.js';
