// RCE-09 unsafe deserialisation: pickle, marshal, yaml.load, torch.load and similar loaders run
// code embedded in the data; higher when the data arrives over the network, not reported when a
// safe loader or weights_only=True is passed.
import type { FileView, RuleMatch } from '../../types.ts';
import { scan } from '../context.ts';
import { isCommentLine } from '../script-context.ts';
import { callArguments } from './arguments.ts';

const UNSAFE_DESERIALISE =
  /\b(?:c?[pP]ickle|dill|cloudpickle|_pickle)\s*\.\s*loads?\s*\(|\bUnpickler\s*\(|\bjoblib\s*\.\s*load\s*\(|\bshelve\s*\.\s*open\s*\(|\bmarshal\s*\.\s*loads?\s*\(|\bjsonpickle\s*\.\s*decode\s*\(|\byaml\s*\.\s*(?:unsafe_load|full_load)\s*\(|\byaml\s*\.\s*load(?:_all)?\s*\(|\btorch\s*\.\s*load\s*\(|\btrust_remote_code\s*=\s*True\b|\bnp\.load\s*\([^\n)]{0,300}allow_pickle\s*=\s*True|\bMarshal\s*\.\s*load\s*\(|\bunserialize\s*\(\s*\$_(?:GET|POST|REQUEST|COOKIE)|\b(?:node-serialize|serialize-javascript)\b[^\n]{0,80}\bunserialize\s*\(|\bserialize\s*\.\s*unserialize\s*\(|\bnew\s+ObjectInputStream\s*\(/g;
const NETWORK_NEARBY = /\b(?:requests\.|urlopen|httpx\.|socket|recv\s*\(|request\.(?:data|body|files|get_data)|req\.body|fetch\s*\(|\$_(?:GET|POST|REQUEST|COOKIE))/;

export function detectUnsafeDeserialisation(file: FileView): RuleMatch[] {
  if (file.kind !== 'script') return [];
  const text = file.text;
  return scan(text, UNSAFE_DESERIALISE, (m) => {
    if (isCommentLine(file, m.index)) return null;
    const call = m[0];
    const args = call.endsWith('(') ? callArguments(text, m.index + call.length - 1) : '';
    if (/yaml\s*\.\s*load/.test(call) && /Loader\s*=\s*(?:yaml\.)?C?(?:Safe|Base)Loader\b/.test(args)) return null;
    if (/torch\s*\.\s*load/.test(call) && /weights_only\s*=\s*True/.test(args)) return null;
    const window = text.slice(Math.max(0, m.index - 400), Math.min(text.length, m.index + 400));
    const remote = NETWORK_NEARBY.test(args) || NETWORK_NEARBY.test(window);
    return {
      index: m.index,
      length: m[0].length,
      severity: remote || /\$_(?:GET|POST|REQUEST|COOKIE)/.test(call) ? 'high' : 'medium',
      message: remote
        ? `${call.replace(/\s*\($/, '')} on data that arrives over the network can execute code`
        : `${call.replace(/\s*\($/, '')} can execute code embedded in the data it loads`,
    };
  });
}
