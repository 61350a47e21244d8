import { z } from 'zod';

/** Zod schema of a policy file (`--policy policy.yaml`); strict like the config: unknown keys are errors. */
const RISK_CLASS = z.enum(['read-only', 'write', 'file', 'external-send', 'admin', 'code-exec']);
const nonEmpty = z.string().min(1);

const rules = {
  allow: z.array(RISK_CLASS).optional(),
  approval: z.array(RISK_CLASS).optional(),
  receipts: z.array(RISK_CLASS).optional(),
  owner: nonEmpty.optional(),
};

export const policyToolSchema = z.strictObject({
  class: RISK_CLASS.optional(),
  owner: nonEmpty.optional(),
  approval: nonEmpty.optional(),
  scope: nonEmpty.optional(),
  labels: z.record(nonEmpty, z.string()).optional(),
});

export const policySchema = z.strictObject({
  defaults: z.strictObject(rules).prefault({}),
  servers: z
    .record(
      nonEmpty,
      z.strictObject({
        ...rules,
        tools: z
          .record(
            nonEmpty,
            z.union([RISK_CLASS, policyToolSchema], {
              error: `expected a risk class (${RISK_CLASS.options.join(', ')}) or { class, owner, approval, scope, labels }`,
            }),
          )
          .optional(),
      }),
    )
    .default(() => ({})),
});
