/** What the user pointed mcp-assay at, before anything is started or connected. */
export type TargetSpec = HttpTargetSpec | StdioTargetSpec;

export interface HttpTargetSpec {
  kind: 'http';
  name?: string;
  url: string;
  headers?: Record<string, string>;
}

export interface StdioTargetSpec {
  kind: 'stdio';
  name?: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Names of env keys whose values are secret (masked everywhere). Keys that look secret are masked anyway. */
  secretEnv?: string[];
  cwd?: string;
}
