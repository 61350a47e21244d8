/** One classified difference between two catalogues, and a reviewer's allowance for one. */
export interface CatalogueChange {
  kind: 'breaking' | 'escalation' | 'non-breaking';
  subject: string;
  change: string;
  detail: string;
  path?: string;
  /** Reason a reviewer accepted this change; set by `applyDiffAllowances`. */
  allowed?: string;
}

export interface DiffAllowance {
  kind?: CatalogueChange['kind'];
  change?: string;
  /** Tool name, or `prompt:<name>`, `resource:<uri>`, `template:<uriTemplate>`, `server`. */
  subject?: string;
  reason: string;
}
