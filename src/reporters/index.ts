import { REPORTER_DECLS, type Reporter, type ReporterDecl, type ReporterId } from './formats.js';

/** Every declared reporter, loaded: importing this module loads every renderer (the declarations alone load none). */
export const REPORTERS: Readonly<Record<ReporterId, Reporter>> = Object.fromEntries(
  await Promise.all(
    (Object.entries(REPORTER_DECLS) as [ReporterId, ReporterDecl][]).map(async ([id, d]) => [
      id,
      { id, fileExtension: d.fileExtension, render: (await d.load()).render },
    ]),
  ),
) as Record<ReporterId, Reporter>;

export { REPORTER_DECLS, type Reporter, type ReporterId } from './formats.js';
export { REPORT_SCHEMA_ID } from './json.js';
export { summaryLine, truncate, visible, wireBody, wireHeader } from './text.js';
export type { RenderOptions } from './types.js';
