/** server-filesystem, server-memory and server-sequential-thinking over stdio, graded 2025-era (see npm-cases.ts). */
import { describe } from 'node:test';
import { serverCases } from './npm-cases.js';
import { npmServer } from './npm-servers.js';
import { tempDir } from '../support/temp-dir.js';

const fsRoot = tempDir('assay-fs-root-');

describe('server-filesystem', () => serverCases('filesystem', () => ['--', ...npmServer('server-filesystem', [fsRoot])]));
describe('server-memory', () => serverCases('memory', () => ['--', ...npmServer('server-memory', [])]));
describe('server-sequential-thinking', () => serverCases('sequential-thinking', () => ['--', ...npmServer('server-sequential-thinking', [])]));
