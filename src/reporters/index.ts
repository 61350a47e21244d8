import { REPORTER_DECLS, type Reporter, type ReporterDecl, type ReporterId } from './formats.js';

const loaded = new Map<ReporterId, Promise<Reporter>>();

/** One reporter, its renderer loaded on first use: a run loads only the renderers it writes with. */
export function loadReporter(id: ReporterId): Promise<Reporter> {
  let r = loaded.get(id);
  if (!r) {
    const d = REPORTER_DECLS[id];
    const load: ReporterDecl['load'] = d.load;
    r = load().then((m) => ({ id, fileExtension: d.fileExtension, render: m.render, ...(m.renderPieces ? { renderPieces: m.renderPieces } : {}) }));
    loaded.set(id, r);
  }
  return r;
}

export { REPORTER_DECLS, type Reporter, type ReporterId } from './formats.js';
export { REPORT_SCHEMA_ID } from './json.js';
export { summaryLine, truncate, visible, wireBody, wireHeader } from './text.js';
export type { RenderOptions } from './types.js';
