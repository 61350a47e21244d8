/** The config files a run reads from its working directory, first found wins (config/load.ts; the stdio head start). */
export const CONFIG_FILE_NAMES = ['mcp-assay.config.yaml', 'mcp-assay.config.yml'] as const;
