// Where commands write: plain text for people on stdout/stderr (logs are JSON, these are not).
export interface CommandIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export const processIo: CommandIo = {
  stdout: (s) => process.stdout.write(s.endsWith('\n') ? s : s + '\n'),
  stderr: (s) => process.stderr.write(s.endsWith('\n') ? s : s + '\n'),
};
