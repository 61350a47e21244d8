import { h, SafeHtml } from './safe-html.js';

export interface Bar {
  label: string;
  values: { name: string; value: number }[];
}

const COLORS = ['#4c78a8', '#f58518', '#54a24b', '#e45756', '#72b7b2', '#b279a2'];
const fmt = (x: number, unit: string): string => (unit === '$' ? `$${x.toFixed(4)}` : `${Math.round(x)} ${unit}`);

/** Grouped horizontal bars as inline SVG: one group per label, one bar per value. */
export function barChart(title: string, bars: readonly Bar[], unit: string): SafeHtml {
  const max = Math.max(1e-9, ...bars.flatMap((b) => b.values.map((v) => v.value)));
  const rowH = 18;
  const labelW = 220;
  const plotW = 360;
  let y = 24;
  const rows: SafeHtml[] = [];
  for (const b of bars) {
    rows.push(h`<text x="0" y="${y + 12}" class="axis">${b.label.slice(0, 40)}</text>`);
    b.values.forEach((v, i) => {
      const w = Math.max(1, (v.value / max) * plotW);
      rows.push(
        h`<rect x="${labelW}" y="${y}" width="${w.toFixed(1)}" height="${rowH - 4}" fill="${COLORS[i % COLORS.length]}"><title>${b.label} ${v.name}: ${fmt(v.value, unit)}</title></rect><text x="${labelW + w + 4}" y="${y + 11}" class="axis">${v.name} ${fmt(v.value, unit)}</text>`,
      );
      y += rowH;
    });
    y += 6;
  }
  return h`<figure><figcaption>${title}</figcaption><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${title}" width="${labelW + plotW + 160}" height="${y + 4}" viewBox="0 0 ${labelW + plotW + 160} ${y + 4}">${rows}</svg></figure>`;
}

export interface Series {
  name: string;
  /** Values in [0, 1] per point; null where the series has no value. */
  points: (number | null)[];
}

/** Lines over runs as inline SVG, y from 0% to 100%. */
export function trendChart(title: string, xLabels: readonly string[], series: readonly Series[]): SafeHtml {
  const W = 760;
  const H = 200;
  const L = 40;
  // The legend sits right of the plot, so lines never run through it.
  const R = 200;
  const n = Math.max(2, xLabels.length);
  const x = (i: number): number => L + (i * (W - L - R)) / (n - 1);
  const y = (v: number): number => 10 + (1 - v) * (H - 40);
  const grid = [0, 0.5, 1].map(
    (g) => h`<line x1="${L}" x2="${W - R}" y1="${y(g)}" y2="${y(g)}" class="grid"/><text x="0" y="${y(g) + 4}" class="axis">${Math.round(g * 100)}%</text>`,
  );
  const labels = xLabels.map((l, i) => h`<text x="${x(i) - 8}" y="${H - 8}" class="axis">${l}</text>`);
  const lines = series.map((s, k) => {
    const pts = s.points.map((v, i) => (v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`)).filter((p): p is string => p !== null);
    const dots = s.points.map((v, i) =>
      v === null
        ? ''
        : h`<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" fill="${COLORS[k % COLORS.length]}"><title>${s.name} run ${i + 1}: ${Math.round(v * 100)}%</title></circle>`,
    );
    return h`<polyline fill="none" stroke="${COLORS[k % COLORS.length]}" stroke-width="2" points="${pts.join(' ')}"/>${dots}<text x="${W - R + 16}" y="${14 + k * 14}" fill="${COLORS[k % COLORS.length]}" class="axis">${s.name.slice(0, 28)}</text>`;
  });
  return h`<figure><figcaption>${title}</figcaption><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${title}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${grid}${labels}${lines}</svg></figure>`;
}
