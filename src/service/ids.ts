import { randomBytes, randomUUID } from 'node:crypto';

export const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
export const newMonitorId = (): string => randomUUID();
/** docs/api-decisions.md: `upt_` + 40 lowercase hex. */
export const newTokenValue = (): string => `upt_${hex(20)}`;
export const TOKEN_FORMAT = /^upt_[a-f0-9]{40}$/;
export const newVersion = (counter: number): string => `v${counter}-${hex(4)}`;
export const newRequestId = (): string => `req_${hex(12)}`;
