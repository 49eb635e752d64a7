// NET-08 cloud metadata and local control sockets.
import type { FileView, RuleMatch } from '../../types.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { warnedAgainst } from '../script-context.ts';

const METADATA_RE =
  /\b169\.254\.169\.254\b|\b169\.254\.170\.2\b|\bmetadata\.google\.internal\b|\b100\.100\.100\.200\b|\bfd00:ec2::254\b|\/computeMetadata\/v1\b|\/latest\/meta-data\b|\/metadata\/instance\?api-version|\/metadata\/identity\/oauth2\/token|\/var\/run\/docker\.sock\b|\/run\/containerd\/containerd\.sock\b/gi;
export const METADATA_ANCHORS = [
  '169.254.169.254', '169.254.170.2', 'metadata.google.internal', '100.100.100.200', 'fd00:ec2::254', '/computemetadata/v1',
  '/latest/meta-data', '/metadata/instance', '/metadata/identity', 'docker.sock', 'containerd.sock',
];

export function detectMetadata(file: FileView): RuleMatch[] {
  return scan(file.text, METADATA_RE, (m) => {
    // "SSRF on URL fetches (`http://169.254.169.254/` should be blocked)" names what to test for.
    if (warnedAgainst(file, m.index)) return null;
    const socket = /\.sock$/i.test(m[0]);
    return {
      index: m.index, length: m[0].length,
      severity: graded(file, socket ? 'medium' : 'high'),
      message: socket ? `Access to the container runtime socket ${m[0]}` : `Cloud instance metadata endpoint ${m[0]} (credentials live there)`,
    };
  });
}
