/** Names for the contract's schemas (generated into schema.gen.ts by `npm run gen:api`). */
import type { components } from './schema.gen';

export type Schemas = components['schemas'];
export type Health = Schemas['Health'];
export type Project = Schemas['Project'];
export type SessionStatus = Schemas['SessionStatus'];
export type SessionSummary = Schemas['SessionSummary'];
export type SessionDetail = Schemas['SessionDetail'];
export type Agent = Schemas['Agent'];
export type ContextWindow = Schemas['ContextWindow'];
export type CostBreakdown = Schemas['CostBreakdown'];
export type CompactionStats = Schemas['CompactionStats'];
export type CompactionRecord = Schemas['CompactionRecord'];
export type EventFrame = Schemas['EventFrame'];
