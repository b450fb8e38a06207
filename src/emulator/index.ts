export { startEmulator, type EmulatorOptions, type RunningEmulator } from './server.js';
export { FaultSpecError, parseFaults } from './faults.js';
export { RateLimitSpecError, parseRateLimit, DEFAULT_RATE_LIMIT, type RateLimitPlan } from './rate-limit.js';
export { SeedError, demoSeed, loadSeed, type SeedSpec } from './seed/index.js';
export { DEMO } from './seed/demo.js';
export type { TokenInfo } from './seed/index.js';
export { operationAccess, can, type MinimumRole, type MemberRole } from './access.js';
