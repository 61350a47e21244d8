import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SourceError, targetsFromClientConfig, targetsFromServerJson } from '../../src/config/sources.js';

describe('targets from an MCP client config', () => {
  it('reads the mcpServers map: local commands and remote URLs', () => {
    const t = targetsFromClientConfig(
      {
        mcpServers: {
          github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x', LOG_LEVEL: 'debug' } },
          linear: { url: 'https://mcp.linear.app/mcp', headers: { Authorization: 'Bearer abc' } },
          windsurf: { serverUrl: 'https://example.com/mcp' },
          disabledButListed: { command: 'uvx', args: ['mcp-server-time'], disabled: true, autoApprove: [] },
        },
      },
      'claude_desktop_config.json',
    );
    assert.deepEqual(t.github, {
      kind: 'stdio',
      name: 'github',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x', LOG_LEVEL: 'debug' },
      secretEnv: ['GITHUB_PERSONAL_ACCESS_TOKEN'],
    });
    assert.deepEqual(t.linear, { kind: 'http', name: 'linear', url: 'https://mcp.linear.app/mcp', headers: { Authorization: 'Bearer abc' } });
    assert.equal(t.windsurf?.kind, 'http');
    assert.equal(t.disabledButListed?.kind, 'stdio');
  });

  it('reads VS Code "servers" (also nested under "mcp") and Zed context_servers', () => {
    const vs = targetsFromClientConfig(
      { servers: { fetch: { type: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] }, remote: { type: 'http', url: 'https://r.example/mcp' } } },
      '.vscode/mcp.json',
    );
    assert.deepEqual(Object.keys(vs).sort(), ['fetch', 'remote']);
    const nested = targetsFromClientConfig({ mcp: { servers: { a: { command: 'node', args: ['a.js'] } } } }, 'settings.json');
    assert.equal(nested.a?.kind, 'stdio');
    const zed = targetsFromClientConfig({ context_servers: { b: { command: { path: '/usr/bin/b', args: ['--stdio'], env: {} } } } }, 'zed.json');
    assert.deepEqual(zed.b, { kind: 'stdio', name: 'b', command: '/usr/bin/b', args: ['--stdio'] });
  });

  it('names the file and the entry that is wrong', () => {
    assert.throws(
      () => targetsFromClientConfig({ mcpServers: { broken: { args: [] } } }, 'c.json'),
      (e: unknown) => e instanceof SourceError && /c\.json: mcpServers\.broken: needs "command"/.test(e.message),
    );
    assert.throws(
      () => targetsFromClientConfig({ mcpServers: { x: { command: 'a', args: 'b' } } }, 'c.json'),
      /mcpServers\.x\.args must be an array of strings/,
    );
    assert.throws(() => targetsFromClientConfig({ other: {} }, 'c.json'), /no "mcpServers"/);
  });
});

describe('targets from a registry server.json', () => {
  const serverJson = {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: 'io.github.acme/weather',
    version: '1.4.0',
    remotes: [
      {
        type: 'streamable-http',
        url: 'https://{region}.weather.acme.dev/mcp',
        variables: { region: { default: 'eu' } },
        headers: [
          { name: 'X-Api-Key', isSecret: true, isRequired: true },
          { name: 'X-Client', value: 'assay' },
        ],
      },
    ],
    packages: [
      {
        registryType: 'npm',
        identifier: '@acme/weather-mcp',
        version: '1.4.0',
        transport: { type: 'stdio' },
        packageArguments: [{ type: 'named', name: '--units', value: 'metric' }],
        environmentVariables: [
          { name: 'WEATHER_API_KEY', isSecret: true, isRequired: true },
          { name: 'LOG', default: 'info' },
        ],
      },
      { registryType: 'pypi', identifier: 'acme-weather-mcp', version: '1.4.0', transport: { type: 'stdio' } },
      {
        registryType: 'oci',
        identifier: 'ghcr.io/acme/weather-mcp',
        version: '1.4.0',
        transport: { type: 'stdio' },
        environmentVariables: [{ name: 'WEATHER_API_KEY', isSecret: true }],
      },
      { registryType: 'npm', identifier: '@acme/weather-http', version: '1.4.0', transport: { type: 'streamable-http', url: 'http://localhost:8080/mcp' } },
    ],
  };

  it('turns remotes and stdio packages into targets named by transport and registry', () => {
    const t = targetsFromServerJson(serverJson, 'server.json');
    assert.deepEqual(Object.keys(t).sort(), ['npm', 'oci', 'pypi', 'streamable-http']);
    assert.deepEqual(t['streamable-http'], {
      kind: 'http',
      name: 'io.github.acme/weather (streamable-http)',
      url: 'https://eu.weather.acme.dev/mcp',
      headers: { 'X-Client': 'assay' },
    });
    assert.deepEqual(t.npm, {
      kind: 'stdio',
      name: 'io.github.acme/weather (npm)',
      command: 'npx',
      args: ['-y', '@acme/weather-mcp@1.4.0', '--units', 'metric'],
      env: { LOG: 'info' },
      secretEnv: ['WEATHER_API_KEY'],
    });
    assert.deepEqual(t.pypi && { command: (t.pypi as { command: string }).command, args: (t.pypi as { args: string[] }).args }, {
      command: 'uvx',
      args: ['acme-weather-mcp==1.4.0'],
    });
    assert.deepEqual((t.oci as { args: string[] }).args, ['run', '-i', '--rm', '-e', 'WEATHER_API_KEY', 'ghcr.io/acme/weather-mcp:1.4.0']);
  });

  it('accepts the registry API wrapper and keeps a tagged image as it is', () => {
    const t = targetsFromServerJson(
      {
        server: { name: 'x', packages: [{ registryType: 'oci', identifier: 'docker.io/acme/x:2.0', version: '2.0', transport: { type: 'stdio' } }] },
        _meta: {},
      },
      'api.json',
    );
    assert.deepEqual((t.oci as { args: string[] }).args, ['run', '-i', '--rm', 'docker.io/acme/x:2.0']);
  });

  it('says so when nothing can be launched', () => {
    assert.throws(
      () => targetsFromServerJson({ name: 'x', packages: [{ registryType: 'mcpb', identifier: 'https://x/y.mcpb', transport: { type: 'stdio' } }] }, 's.json'),
      /s\.json: no usable target/,
    );
    assert.throws(() => targetsFromServerJson({ name: 'x', remotes: {} }, 's.json'), /"remotes" must be an array/);
  });
});
