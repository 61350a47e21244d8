/** Words that reveal what a tool does. Names are matched token by token, so `profile` never reads as `file`. */

const set = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

export const READ_VERBS = set(`
  get list read fetch search find query lookup look describe show view count check inspect retrieve browse explain
  summarize summarise analyze analyse validate preview diff compare calculate compute convert translate estimate
  stat status info whoami ping echo head tail watch download export scan detect resolve render print
  screenshot snapshot capture navigate open parse format lint test verify audit monitor explore
`);

export const WRITE_VERBS = set(`
  create add insert update upsert edit modify patch set put write save store append replace delete remove drop
  truncate destroy purge erase wipe clear reset move rename copy merge close reopen archive unarchive cancel approve
  reject assign unassign label push commit upload import apply submit publish post send transfer pay charge refund
  book order enable disable start stop restart kill terminate install uninstall deploy rollback revert lock unlock
  fork star unstar follow unfollow subscribe unsubscribe invite grant revoke transition mark schedule register
  unregister sync trigger click type fill press drag upload mutate provision scale shutdown reboot
  suspend resume ban unban block unblock mute unmute pin unpin react comment reply forward share tag untag
  rotate regenerate reindex migrate execute exec run eval invoke call dispatch emit enqueue ack acknowledge
  claim release redeem reserve retry rerun requeue overwrite mkdir rm mv cp chmod chown touch attach detach
  authorize deauthorize associate disassociate allocate deallocate launch
`);

/**
 * Verbs that produce something without saying whether anything is stored: leading a name, they are its verb, so a
 * write verb later in it names the object (`generate_pin_map`, `draw_update_timeline`); the description decides.
 */
export const PRODUCE_VERBS = set(`generate draw plot visualize visualise sketch`);

export const DESTRUCTIVE_VERBS = set(`
  delete remove drop truncate destroy purge erase wipe clear reset kill terminate uninstall revoke overwrite
  rm shutdown ban force
`);

export const EXEC_WORDS = set(`
  exec execute eval shell bash sh zsh powershell pwsh cmd terminal subprocess spawn repl interpreter
`);

/** Languages that, after run/execute/evaluate, mean arbitrary code. */
export const CODE_NOUNS = set(`
  code script command commands python javascript js typescript ts node ruby perl php lua shell bash sql query
  statement notebook cell snippet expression
`);

export const ADMIN_NOUNS = set(`
  admin admins administrator role roles permission permissions acl acls policy policies privilege privileges
  user users member members membership team org orgs organization organisation tenant tenants account accounts
  apikey apikeys token tokens credential credentials secret secrets sso saml scim billing setting settings config
  configuration webhook webhooks deployment deployments cluster clusters instance instances sudo collaborator
  collaborators group groups
`);

export const ADMIN_ONLY = set(`admin admins administrator sudo impersonate acl acls privilege privileges`);

/** Operations verbs that change running infrastructure whatever their object (`kubectl_scale`, `deploy`). */
export const OPS_VERBS = set(`scale deploy redeploy rollback provision deprovision reboot shutdown cordon drain failover`);

/** Verbs that by themselves deliver content to someone outside. */
export const SEND_VERBS = set(`send email mail sms notify broadcast tweet dm forward reply`);

/** Verbs that deliver content when their object is a message-like noun (`post_message`, `create_message`). */
export const DELIVER_VERBS = set(`post publish share create add write`);

/** Qualifiers that make `key` a credential (`api_key`, `ssh_key`), unlike a key-value store's `set_key`. */
export const KEY_QUALIFIERS = set(`api ssh deploy access signing encryption gpg pgp`);

export const SEND_NOUNS = set(`
  email emails mail message messages sms notification notifications tweet tweets dm dms chat slack teams
  discord telegram whatsapp newsletter invitation invite
`);

export const RECIPIENT_PARAMS = set(`to recipient recipients cc bcc phone_number chat_id webhook_url callback_url`);

export const FILE_WORDS = set(`
  file files filename filepath dir dirs directory directories folder folders path paths fs filesystem glob
  mkdir rm mv cp chmod chown touch ls cat
`);

/** Parameter names that always mean a local file or directory. */
export const FILE_PARAMS = set(`
  file file_path filepath filename files dir directory source_path destination_path target_path
`);

/** Parameter names that mean a local path only when the text around them speaks of files (`path` may be a URL path). */
export const MAYBE_FILE_PARAMS = set(`path paths folder root glob`);

/** Parameters that name where a message goes (a chat channel, a conversation). */
export const DESTINATION_PARAMS = set(`channel channel_id chat_id thread_id conversation_id room room_id email emails user_email recipient_email`);

/** Verbs that deliver content when it has a destination (`upload_file` to a channel). */
export const PUBLISH_VERBS = set(`post publish share upload send`);

/** Parameters that place a path in a remote store (a repository, a bucket, a drive), not on the local disk. */
export const REMOTE_CONTEXT_PARAMS = set(`
  owner repo repository repo_name bucket bucket_name drive_id folder_id file_id site_id container project_id
  space_id workspace_id url method endpoint
`);

/** Parameter names that, as a free string, hand the tool an arbitrary program or operation. */
export const CATCH_ALL_PARAMS = set(`
  command cmd commands shell shell_command script code source_code sql statement stmt expression expr function
  operation op action method
`);

/** Verb pairs with opposite meanings: names that differ only by one of these are told apart by meaning, not spelling. */
export const ANTONYMS: readonly [string, string][] = [
  ['attach', 'detach'],
  ['start', 'stop'],
  ['enable', 'disable'],
  ['lock', 'unlock'],
  ['add', 'remove'],
  ['create', 'delete'],
  ['follow', 'unfollow'],
  ['star', 'unstar'],
  ['subscribe', 'unsubscribe'],
  ['archive', 'unarchive'],
  ['pin', 'unpin'],
  ['mute', 'unmute'],
  ['block', 'unblock'],
  ['ban', 'unban'],
  ['grant', 'revoke'],
  ['assign', 'unassign'],
  ['open', 'close'],
  ['install', 'uninstall'],
  ['register', 'unregister'],
  ['show', 'hide'],
  ['get', 'set'],
  ['upload', 'download'],
  ['import', 'export'],
  ['encrypt', 'decrypt'],
  ['encode', 'decode'],
  ['suspend', 'resume'],
  ['tag', 'untag'],
  ['authorize', 'revoke'],
  ['associate', 'disassociate'],
];
