import type { TargetReport } from '../../core/types.js';
import { h, type SafeHtml } from './safe-html.js';

const SEV = { error: 0, warning: 1, info: 2 } as const;

/** Findings of every non-conformance section, and the risk inventory from the catalogue digest. */
export function contractsSection(t: TargetReport): SafeHtml | string {
  const sections = t.sections ?? [];
  const tools = Object.entries(t.catalogue?.tools ?? {}).sort((a, b) =>
    (a[1].risk ?? '') > (b[1].risk ?? '') ? -1 : (a[1].risk ?? '') < (b[1].risk ?? '') ? 1 : a[0] < b[0] ? -1 : 1,
  );
  if (!sections.length && !tools.length) return '';
  return h`<section class="contracts">
${tools.length ? h`<h3>Risk inventory</h3><table class="risk"><thead><tr><th>tool</th><th>risk</th></tr></thead><tbody>${tools.map(([name, d]) => h`<tr><td><code>${name}</code></td><td><span class="badge risk-${(d.risk ?? '').slice(0, 2)}">${d.risk ?? 'unclassified'}</span></td></tr>`)}</tbody></table>` : ''}
${sections.map(
  (s) =>
    h`<h3>${s.title}</h3>${
      s.findings.length
        ? h`<table class="findings" data-section="${s.id}"><thead><tr><th>severity</th><th>rule</th><th>subject</th><th>finding</th></tr></thead><tbody>${[
            ...s.findings,
          ]
            .sort((a, b) => SEV[a.severity] - SEV[b.severity])
            .map(
              (f) =>
                h`<tr class="finding sev-${f.severity}"><td><span class="badge sev-${f.severity}">${f.waived !== undefined ? 'waived' : f.severity}</span></td><td><code>${f.ruleId}</code></td><td><code>${f.subject}</code></td><td>${f.message}${f.reason ? h`<div class="muted">${f.reason}</div>` : ''}${f.waived !== undefined ? h`<div class="muted">waived: ${f.waived}</div>` : ''}</td></tr>`,
            )}</tbody></table>`
        : h`<p class="muted">No findings.</p>`
    }`,
)}
</section>`;
}
