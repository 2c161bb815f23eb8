/**
 * What a command that could not start prints: a refusal the operator can act on (a bad setting,
 * the embedded database open in another process) as its one line, anything else whole.
 */
import { ConfigError } from './config';
import { DataFolderInUseError } from './db/data-folder-lock';

export function isRefusal(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataFolderInUseError;
}
