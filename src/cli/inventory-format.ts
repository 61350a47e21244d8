/** The inventory written as YAML, CSV or JSON. Server text is data here: CSV cells are quoted and formula-safe. */
import { stringify } from 'yaml';
import type { InventoryRow } from '../index.js';

export const INVENTORY_FORMATS = ['yaml', 'csv', 'json'] as const;
export type InventoryFormat = (typeof INVENTORY_FORMATS)[number];

const COLUMNS: [string, (r: InventoryRow) => string | boolean][] = [
  ['server', (r) => r.server],
  ['tool', (r) => r.tool],
  ['risk_class', (r) => r.riskClass],
  ['risk_reason', (r) => r.riskReason],
  ['tier', (r) => r.tier],
  ['scope', (r) => r.scope],
  ['approval_required', (r) => r.approvalRequired],
  ['approval', (r) => r.approval],
  ['output_schema_required', (r) => r.outputSchemaRequired],
  ['output_schema_present', (r) => r.outputSchemaPresent],
  ['receipt_required', (r) => r.receiptRequired],
  ['receipt_present', (r) => r.receiptPresent],
  ['owner', (r) => r.owner],
];

/** A cell a spreadsheet will not run as a formula (=, +, -, @, tab, CR lead), quoted when it must be. */
export function csvCell(v: string | boolean): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function formatInventory(rows: readonly InventoryRow[], format: InventoryFormat): string {
  const labels = [...new Set(rows.flatMap((r) => Object.keys(r.policy)))].sort();
  if (format === 'csv') {
    const head = [...COLUMNS.map(([h]) => h), ...labels.map((l) => `policy.${l}`)];
    const lines = rows.map((r) => [...COLUMNS.map(([, f]) => f(r)), ...labels.map((l) => r.policy[l] ?? '')].map(csvCell).join(','));
    return `${[head.map(csvCell).join(','), ...lines].join('\n')}\n`;
  }
  const doc = { format: 'mcp-assay/inventory@1', tools: rows };
  return format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc, { lineWidth: 0 });
}

export function formatFromFile(file: string | undefined): InventoryFormat | undefined {
  const ext = file?.split('.').pop()?.toLowerCase();
  return ext === 'yml' || ext === 'yaml' ? 'yaml' : ext === 'csv' ? 'csv' : ext === 'json' ? 'json' : undefined;
}
