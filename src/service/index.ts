export { createService, type ResponseInfo, type RunningService, type ServiceOptions } from './app.js';
export { DEFAULT_SEED, type Seed } from './seed.js';
export { PROFILES, profilesNamed, type Profile } from './profiles.js';
