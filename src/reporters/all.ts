import { REPORTER_DECLS, type Reporter, type ReporterId } from './formats.js';
import { loadReporter } from './index.js';

/** Every declared reporter, loaded: importing this module loads every renderer (a run needs ./index.js's loadReporter only). */
export const REPORTERS: Readonly<Record<ReporterId, Reporter>> = Object.fromEntries(
  await Promise.all((Object.keys(REPORTER_DECLS) as ReporterId[]).map(async (id) => [id, await loadReporter(id)])),
) as Record<ReporterId, Reporter>;
