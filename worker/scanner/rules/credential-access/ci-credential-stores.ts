// CRED-03, a CI server's credential store read out in plain text: a Jenkins script that looks up
// every stored credential and turns each secret back into plain text (`getPlainText()`,
// `Secret.decrypt`) holds the keys of every system the server deploys to. A pipeline that binds
// one credential by id (`withCredentials`) is the ordinary kind and is left alone.
import type { FileView } from '../../types.ts';
import type { PathHit } from '../secret-paths.ts';

const STORE_LOOKUP = /\b(?:CredentialsProvider\.lookupCredentials|SystemCredentialsProvider\.(?:getInstance|instance)\b[^\n]{0,80}?\.(?:getCredentials|credentials|domainCredentialsMap))\b/g;
const PLAIN_TEXT = /\.getPlainText\s*\(\s*\)|\.plainText\b|\bSecret\.(?:decrypt|toString)\s*\(/;

export function ciCredentialStoreHits(file: FileView): PathHit[] {
  if (file.kind === 'binary' || !file.text.includes('redentials') || !PLAIN_TEXT.test(file.text)) return [];
  const hits: PathHit[] = [];
  for (const m of file.text.matchAll(STORE_LOOKUP)) {
    hits.push({ index: m.index, length: m[0].length, severity: 'high', message: "Reads the CI server's stored credentials and decrypts them to plain text" });
    if (hits.length >= 3) break;
  }
  return hits;
}
