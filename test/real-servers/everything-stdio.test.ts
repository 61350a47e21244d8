/** server-everything over stdio, graded 2025-era (see npm-cases.ts). */
import { describe } from 'node:test';
import { serverCases } from './npm-cases.js';
import { npmServer } from './npm-servers.js';

describe('server-everything over stdio', () => {
  serverCases('everything-stdio', () => ['--', ...npmServer('server-everything', ['stdio'])]);
});
