// A local ESLint rule: an import inside src/ points down the layer order in lint/layers.js, never up or sideways.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS, layerOf } from './layers.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'imports in src/ follow the layer order declared in lint/layers.js' },
    schema: [],
    messages: {
      up: "src/{{from}} may import {{may}}; '{{spec}}' reaches {{to}}",
      unknown: 'src/{{from}} is not in the layer table (lint/layers.js); place it there before it imports anything',
    },
  },
  create(context) {
    const file = context.filename;
    const rel = path.relative(SRC, file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return {};
    const from = layerOf(rel);
    const layer = LAYERS[from];
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.relative(SRC, path.resolve(path.dirname(file), source.value));
      if (target.startsWith('..') || path.isAbsolute(target)) return;
      const to = layerOf(target);
      if (to === from) return;
      if (!layer) return context.report({ node, messageId: 'unknown', data: { from } });
      if (layer.may.includes(to) || layer.pending?.includes(to)) return;
      context.report({
        node,
        messageId: 'up',
        data: { from, may: layer.may.length ? `only ${layer.may.join(', ')}` : 'nothing of ours', spec: source.value, to },
      });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
