// EXF-06 through a log shipper: a Fluent Bit, Fluentd, Vector, Filebeat, Promtail or OpenTelemetry
// collector configuration whose inputs tail credential files. Whatever output it names receives
// the keys line by line, with no script reading them that a reviewer would look at.
import type { RuleMatch, SkillView } from '../../types.ts';
import { matchAllRegex } from '../context.ts';
import { hostTierOf } from '../hosts.ts';
import { SECRET_PATH_SOURCE } from '../secret-paths.ts';

const SHIPPER_CONFIG =
  /^[ \t]*\[(?:INPUT|OUTPUT)\][ \t]*$|^[ \t]*<(?:source|match\b[^>\n]*)>|^[ \t]*\[(?:sources|sinks)\.[\w-]+\]|^[ \t]*(?:filebeat\.inputs|scrape_configs|receivers)[ \t]*:|\b__path__[ \t]*:|^[ \t]*filelog(?:\/[\w-]+)?[ \t]*:/m;
const SECRET_PATH_G = new RegExp(SECRET_PATH_SOURCE, 'gi');
// The line of an input's path setting (`Path /x`, `path: /x`, `include: [...]`, `- /x` under paths).
const INPUT_PATH_LINE = /^[ \t]*(?:-[ \t]+)?["']?(?:Path|paths?|include|__path__|file|files)["']?[ \t]*[=: \t][^\n]*|^[ \t]*-[ \t]+["']?[~/$%*][^\n]*/i;
const OUTPUT_HOST = /^[ \t]*(?:-[ \t]+)?["']?(?:Host|hosts|host|endpoint|url|uri|address|server)["']?[ \t]*[=: \t][ \t]*\[?[ \t]*["']?(?:[a-z][\w+.-]*:\/\/)?([\w-]+(?:\.[\w-]+)+)/gim;

export function logShipperInputs(skill: SkillView): RuleMatch[] {
  for (const file of skill.files) {
    if (file.kind !== 'text' && file.kind !== 'script') continue;
    const text = file.text.slice(0, 200_000);
    if (!SHIPPER_CONFIG.test(text)) continue;
    let tailed: RegExpExecArray | undefined;
    let tries = 0;
    for (const m of matchAllRegex(text, SECRET_PATH_G)) {
      if (++tries > 50) break;
      if (INPUT_PATH_LINE.test(file.lineAt(m.index))) {
        tailed = m;
        break;
      }
    }
    if (!tailed) continue;
    // The first of the output hosts (up to ten) that is outside the machine and its network.
    let outside: string | undefined;
    let hosts = 0;
    for (const h of matchAllRegex(text, OUTPUT_HOST)) {
      if (++hosts > 10) break;
      const host = h[1].toLowerCase();
      if (['unknown', 'ip', 'hosted'].includes(hostTierOf(host))) {
        outside = host;
        break;
      }
    }
    return [{
      index: tailed.index,
      length: tailed[0].length,
      file,
      severity: outside ? 'critical' : 'high',
      message: `A log shipper's input tails the credential file ${tailed[0]}${outside ? ` and ships it to ${outside}` : ': every key in it goes to the configured output'}`,
    }];
  }
  return [];
}
