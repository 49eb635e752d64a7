// RCE-09 unsafe deserialisation: pickle, marshal, yaml.load, torch.load and similar loaders run
// code embedded in the data; higher when the data arrives over the network, not reported when a
// safe loader or weights_only=True is passed.
import type { FileView, RuleMatch } from '../../types.ts';
import { scan } from '../context.ts';
import { isCommentLine } from '../script-context.ts';
import { hostTierOf } from '../hosts.ts';
import { callArguments } from './arguments.ts';

const UNSAFE_DESERIALISE =
  /\b(?:c?[pP]ickle|dill|cloudpickle|_pickle)\s*\.\s*loads?\s*\(|\bUnpickler\s*\(|\bjoblib\s*\.\s*load\s*\(|\bshelve\s*\.\s*open\s*\(|\bmarshal\s*\.\s*loads?\s*\(|\bjsonpickle\s*\.\s*decode\s*\(|\byaml\s*\.\s*(?:unsafe_load|full_load)\s*\(|\byaml\s*\.\s*load(?:_all)?\s*\(|\btorch\s*\.\s*load\s*\(|\btrust_remote_code\s*=\s*True\b|\bnp\.load\s*\([^\n)]{0,300}allow_pickle\s*=\s*True|\bMarshal\s*\.\s*load\s*\(|\bunserialize\s*\(\s*\$_(?:GET|POST|REQUEST|COOKIE)|\b(?:node-serialize|serialize-javascript)\b[^\n]{0,80}\bunserialize\s*\(|\bserialize\s*\.\s*unserialize\s*\(|\bnew\s+ObjectInputStream\s*\(/g;
const NETWORK_NEARBY = /\b(?:requests\.|urlopen|httpx\.|socket|recv\s*\(|request\.(?:data|body|files|get_data)|req\.body|fetch\s*\(|\$_(?:GET|POST|REQUEST|COOKIE))/;

const DOWNLOAD_CALL = /\b(?:requests\.get|httpx\.get|urlopen|urlretrieve|urllib\.request|session\.get|client\.get)\b/;
const URL_LITERAL_G = /\bhttps?:\/\/([^\s'"`)<>\]]+)/g;

/** Whether the script downloads (a GET, urlopen, urlretrieve) from a URL on an unknown or raw-IP host. */
function downloadsFromOutside(text: string): boolean {
  if (!DOWNLOAD_CALL.test(text)) return false;
  let seen = 0;
  for (const m of text.matchAll(URL_LITERAL_G)) {
    if (++seen > 20) break;
    const tier = hostTierOf(m[1]);
    if (tier === 'unknown' || tier === 'ip') return true;
  }
  return false;
}

export function detectUnsafeDeserialisation(file: FileView): RuleMatch[] {
  if (file.kind !== 'script') return [];
  const text = file.text;
  let fromOutside: boolean | undefined;
  return scan(text, UNSAFE_DESERIALISE, (m) => {
    if (isCommentLine(file, m.index)) return null;
    const call = m[0];
    const args = call.endsWith('(') ? callArguments(text, m.index + call.length - 1) : '';
    if (/yaml\s*\.\s*load/.test(call) && /Loader\s*=\s*(?:yaml\.)?C?(?:Safe|Base)Loader\b/.test(args)) return null;
    if (/torch\s*\.\s*load/.test(call) && /weights_only\s*=\s*True/.test(args)) return null;
    const window = text.slice(Math.max(0, m.index - 400), Math.min(text.length, m.index + 400));
    const remote = NETWORK_NEARBY.test(args) || NETWORK_NEARBY.test(window);
    // A script that downloads from an outside host (a "rule pack", an "artifact cache") and
    // unpickles: whoever serves the file runs code on the user's machine. A checksum served by the
    // same host protects nothing.
    fromOutside ??= downloadsFromOutside(text);
    const severity = fromOutside ? (remote ? 'critical' : 'high') : remote || /\$_(?:GET|POST|REQUEST|COOKIE)/.test(call) ? 'high' : 'medium';
    return {
      index: m.index,
      length: m[0].length,
      severity,
      message: remote
        ? `${call.replace(/\s*\($/, '')} on data that arrives over the network can execute code`
        : `${call.replace(/\s*\($/, '')} can execute code embedded in the data it loads`,
    };
  });
}
