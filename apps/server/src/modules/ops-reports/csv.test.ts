import { describe, expect, it } from 'vitest';
import { auditCsv, csvDocument } from './csv';

describe('the console CSV exports', () => {
  it('opens with a byte-order mark, quotes every text and ends lines with CRLF', () => {
    expect(csvDocument(['Name', 'Count'], [['Beyrouth, "centre"', 3]])).toBe(
      '\uFEFF"Name","Count"\r\n"Beyrouth, ""centre""",3\r\n',
    );
  });

  it('writes a text a spreadsheet would run as a formula as plain text', () => {
    const [, line] = auditCsv([
      {
        at: '2026-11-27T14:05:09.123Z',
        operator: '=HYPERLINK("http://evil.example")',
        action: '+sum',
        target: '@route',
        outcome: '-1',
        from: '10.0.0.1',
      },
    ]).split('\r\n');
    expect(line).toBe(
      `"2026-11-27 14:05:09","'=HYPERLINK(""http://evil.example"")","'+sum","'@route","'-1","10.0.0.1"`,
    );
  });
});
