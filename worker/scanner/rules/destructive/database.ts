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

// A DROP whose table name comes from the database's own list of tables (a loop over SHOW TABLES or
// information_schema, a dynamic statement): every table goes, whatever the name says.
const DYNAMIC_DROP = /\bDROP\s+(?:TABLE|VIEW|SCHEMA)\b(?:\s+IF\s+EXISTS)?\s*(?:["'\x60]\s*(?:\|\||\+|\.)|\{|\$\{?\w|%s|\?|["'\x60]\s*,)/gi;
const TABLE_LISTING = /\bSHOW\s+(?:TABLES|SCHEMAS)\b|\binformation_schema\.(?:tables|schemata)\b|\bpg_(?:tables|namespace)\b|\bsqlite_master\b|\blist_tables\s*\(|\bget_table_names\s*\(|\btableNames\s*\(|\blistCollections\s*\(|\bsys\.tables\b|\bALL_TABLES\b/i;
// Migration tools' "drop everything in the schemas" commands. Flyway refuses unless
// cleanDisabled is turned off, which is the tell that it is meant to run.
const SCHEMA_WIPE = /\bflyway\b[^\n]{0,300}?\sclean\b|\bflywayClean\b|\bliquibase\b[^\n]{0,300}?\s(?:drop-all|dropAll)\b|\bmanage\.py\s+flush\b[^\n]{0,100}--no-?input\b/gi;

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
  if (TABLE_LISTING.test(text)) {
    found.push(
      ...scan(text, DYNAMIC_DROP, (m) => {
        const around = text.slice(Math.max(0, m.index - 600), Math.min(text.length, m.index + 400));
        return TABLE_LISTING.test(around) ? finding(file, m, 'high', 'Drops every table or schema the database lists, one after another') : null;
      }),
    );
  }
  found.push(
    ...scan(text, SCHEMA_WIPE, (m) => {
      const forced = /cleanDisabled\s*=\s*false/i.test(text.slice(Math.max(0, m.index - 300), m.index + m[0].length + 300));
      return finding(file, m, forced ? 'high' : 'medium', forced ? 'Drops every object of the database schemas, with the safety switch against it turned off' : 'Drops every object of the database schemas (migration tool clean)');
    }),
  );
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(...scan(body, DB_PROSE, (m) => (file.isNegated(m.index) ? null : finding(file, m, 'high', 'Instruction to wipe a whole database or table'))));
  }
  return found;
}
