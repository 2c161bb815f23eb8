// The shape shared by the terms and the privacy policy, and the date both were last revised.
import type { ContentBlock } from './content-block';

export type LegalSection = { id: string; heading: string; blocks: ContentBlock[] };

/** ISO date shown as "Last updated" on the terms and the privacy policy. */
export const legalLastUpdated = '2026-11-26';
