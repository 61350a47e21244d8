/** What the user's options give every check (tools it may call, their arguments, the tokens auth checks send). */
import type { JsonObject } from '../target/envelope.js';

export interface CheckOptions {
  /** The user's request timeout (`--timeout`): the input of `Timeouts`; checks read `t.timeouts` instead. */
  timeoutMs: number;
  /** Globs of tool names the user allows us to call although they may write. */
  allowTools: string[];
  /** Arguments per tool name, overriding the ones made from its schema. */
  toolArgs: Record<string, JsonObject>;
  /** Tokens the authorization checks send that a correct server must refuse (secrets: masked in every report). */
  auth?: { otherAudienceToken?: string; expiredToken?: string };
  /** The checks this run judges (absent: all of them), so checks sharing one server process send only what is judged. */
  checks?: readonly { id: string }[];
}
