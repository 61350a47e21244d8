/** Tool annotation hints as a client must read them: absent hints take the spec's defaults. */
import type { ToolAnnotations } from './catalogue.js';

/** Defaults from server/tools §ToolAnnotations: readOnly false, destructive true, idempotent false, openWorld true. */
export interface EffectiveHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

export function effectiveHints(a: ToolAnnotations | undefined): EffectiveHints {
  return {
    readOnly: a?.readOnlyHint === true,
    destructive: a?.destructiveHint !== false,
    idempotent: a?.idempotentHint === true,
    openWorld: a?.openWorldHint !== false,
  };
}
