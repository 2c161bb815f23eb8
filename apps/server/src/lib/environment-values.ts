/**
 * Reading settings from environment variables, the same way for the shop and for its
 * stand-ins run on their own: empty strings count as unset (as in most .env tooling), and
 * each problem is told once, naming the variable and the value it had.
 */
import type { z } from 'zod';

/** The variables that are set to something. */
export function presentValues(
  environment: Record<string, string | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/** Variables whose value is a secret: a start that refuses one never prints it to the log. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|API_KEY/;

/**
 * `NAME what is wrong (got "value")` for each problem, each line once; a secret's value is
 * never repeated (logs are read by more people than the secret is meant for).
 */
export function describeProblems(
  issues: readonly z.core.$ZodIssue[],
  present: Record<string, string>,
  describe: (issue: z.core.$ZodIssue) => string,
): string[] {
  const problems = issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const got = present[name];
    const shown = got === undefined || SECRET_NAME.test(name) ? '' : ` (got "${got}")`;
    return `${name} ${describe(issue)}${shown}`;
  });
  // One value can break several rules of the same kind: name it once.
  return [...new Set(problems)];
}
