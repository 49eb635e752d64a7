// The rule set: 120 rules, one file per category. RULES_VERSION changes whenever a rule, a
// severity or the scoring changes, so stored grades can be told apart from current ones.
import type { Rule } from '../types.ts';
import { rules as promptInjection } from './prompt-injection.ts';
import { rules as obfuscation } from './obfuscation.ts';
import { rules as exfiltration } from './exfiltration.ts';
import { rules as credentialAccess } from './credential-access.ts';
import { rules as codeExecution } from './code-execution.ts';
import { rules as destructive } from './destructive.ts';
import { rules as persistence } from './persistence.ts';
import { rules as supplyChain } from './supply-chain.ts';
import { rules as network } from './network.ts';
import { rules as toolAbuse } from './tool-abuse.ts';
import { rules as socialEngineering } from './social-engineering.ts';

export const RULES: readonly Rule[] = [
  ...promptInjection,
  ...obfuscation,
  ...exfiltration,
  ...credentialAccess,
  ...codeExecution,
  ...destructive,
  ...persistence,
  ...supplyChain,
  ...network,
  ...toolAbuse,
  ...socialEngineering,
];
