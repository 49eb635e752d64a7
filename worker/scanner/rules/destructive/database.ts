// DES-06 destructive database operations: dropped databases and tables, unfiltered deletes,
// FLUSHALL and framework resets. Confirmation prompts and scratch databases the same file
// creates are not findings.
import { fenceAt } from '../markdown-context.ts';
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { lineBounds } from '../../line-table.ts';
import { scan } from '../context.ts';
import { finding } from './shared.ts';

const DB_DESTRUCTIVE =
  /\bDROP\s+(?:DATABASE|SCHEMA)\b(?:\s+IF\s+EXISTS)?|\bDROP\s+(?:ALL\s+)?TABLES?\b(?:\s+IF\s+EXISTS)?|\bTRUNCATE\s+TABLE\b|\bTRUNCATE\s+[\w."`]+\s*(?:CASCADE\s*)?;|\bDELETE\s+FROM\s+[\w."`]+\s*(?:;|["'`)]|$)|\bFLUSH(?:ALL|DB)\b|\.dropDatabase\s*\(\s*\)|\bdropdb\s+(?:-\S+\s+)*\w|\.deleteMany\s*\(\s*\{\s*\}\s*\)|\bdb\.\w+\.drop\s*\(\s*\)|\b(?:rails|rake)\s+db:(?:drop|reset)\b|\bprisma\s+migrate\s+reset\b[^\n]{0,400}--force|\bartisan\s+(?:migrate:fresh|db:wipe)\b/gim;
const DB_PROSE =
  /\b(?:drop|delete|wipe|erase|truncate|purge|destroy)\s+(?:all|every|the\s+entire|the\s+whole|all\s+of\s+the)\s+(?:the\s+)?(?:(?:production|prod|live|user|customer)\s+)?(?:tables?|databases?|records|rows|collections?|data(?:base)?)\b/gi;

// Prompts only: an echo may feed the statement to a database client (echo "DROP ..." | psql).
const PROMPT_STRING_BEFORE = /\b(?:read\s+(?:-\w+\s+)*-\w*p\w*|input\s*\(|Read-Host|confirm\s*\()\s*(?:-\w+\s+)*["'][^"'\n]*$/;

/** The name a DROP DATABASE / dropdb match drops, read from the text after it. */
function droppedName(text: string, m: RegExpExecArray): string {
  // dropdb's match ends on the name's first character; DROP DATABASE's before the name.
  const from = m.index + m[0].length - (/^dropdb/i.test(m[0]) ? 1 : 0);
  const named = /^\s*["'`]?([A-Za-z_][\w$-]{0,62})/.exec(text.slice(from, from + 80));
  return named ? named[1] : '';
}

function createdIn(text: string, name: string): boolean {
  const escaped = name.replace(/[$-]/g, '\\$&');
  return new RegExp(String.raw`(?:\bcreatedb\s+(?:-\S+\s+)*|\bCREATE\s+(?:DATABASE|SCHEMA)\s+(?:IF\s+NOT\s+EXISTS\s+)?)["'\x60]?${escaped}(?![\w$-])`, 'i').test(text);
}

export function detectDatabaseDestruction(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  const found = scan(text, DB_DESTRUCTIVE, (m) => {
    const s = m[0].toUpperCase();
    // SQL keywords in lower case inside prose are ordinary words ("delete from the list").
    if (/^(?:DROP|TRUNCATE|DELETE|FLUSH)/.test(s) && m[0] === m[0].toLowerCase() && (file.kind === 'skill-md' || file.kind === 'markdown') && !file.inCode(m.index)) return null;
    // Prose outside command blocks that denies or forbids it ("No `FLUSHALL` is ever used").
    if ((file.kind === 'skill-md' || file.kind === 'markdown') && fenceAt(file, m.index) === undefined && file.isNegated(m.index)) return null;
    const ifExists = /IF\s+EXISTS/.test(s);
    // Framework resets (prisma migrate reset, rails db:reset) are routine on development databases.
    const severe = /DROP\s+(?:DATABASE|SCHEMA)|FLUSHALL|DROPDATABASE|DROPDB/.test(s);
    // The words inside a confirmation prompt ("This will DROP database ...") warn; they do not run.
    if (PROMPT_STRING_BEFORE.test(text.slice(lineBounds(text, m.index).start, m.index))) return null;
    // Dropping a scratch database the same file creates (a restore test, a fixture) is cleanup.
    const dropped = /^(?:DROP\s+(?:DATABASE|SCHEMA)|DROPDB)/.test(s) ? droppedName(text, m) : '';
    // Created before the drop: a scratch database. Dropped then created again is a reset.
    if (dropped && createdIn(text.slice(0, m.index), dropped)) return finding(file, m, 'low', `Drops the database ${dropped} it created`);
    const severity: Severity = severe ? (ifExists ? 'medium' : 'high') : ifExists ? 'low' : 'medium';
    return finding(file, m, severity, 'Deletes a database, its tables or all of their rows');
  });
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(...scan(body, DB_PROSE, (m) => (file.isNegated(m.index) ? null : finding(file, m, 'high', 'Instruction to wipe a whole database or table'))));
  }
  return found;
}
