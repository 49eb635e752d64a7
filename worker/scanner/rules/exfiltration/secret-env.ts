// Secret environment variables as code names them, and the assignments that hold them: shared by
// the taint pass over request bodies (EXF-05) and the collections of credentials (EXF-07).

const SECRET_ENV_NAME = String.raw`[A-Z][A-Z0-9_]{0,60}(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|_PAT|_URL|_DSN|AUTH)(?:_[A-Z0-9]{1,20})?`;
export const SECRET_NAME_SHAPE = /(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|_PAT|AUTH)(?:_|$)|^(?:DATABASE|DB|REDIS|MONGO\w*|POSTGRES\w*|MYSQL)_(?:URL|DSN)$/;
export const CODE_SECRET_ENV = new RegExp(
  String.raw`(?:os\.environ\s*\[\s*|os\.environ\.get\s*\(\s*|os\.getenv\s*\(\s*|\bgetenv\s*\(\s*|process\.env\[\s*|\bENV\[\s*|\bENV\.fetch\(\s*|System\.getenv\(\s*)["'\`](${SECRET_ENV_NAME})["'\`]|process\.env\.(${SECRET_ENV_NAME})\b|\$\{?\(?(${SECRET_ENV_NAME})\b\)?\}?`,
  'g',
);

// Linear by construction: one whitespace run before "=", the right-hand side cut at 400 characters.
export const ASSIGNMENT = /^[ \t]*(?:(?:const|let|var|export|local|readonly)[ \t]+)?([A-Za-z_$][\w$]{0,40})[ \t]*(?::[^=\n]{1,40})?=(?![=>~])([^\n]{0,400})/gm;
export const GENERIC_NAME_PARTS = new Set(['API', 'KEY', 'KEYS', 'TOKEN', 'SECRET', 'ACCESS', 'AUTH', 'CLIENT', 'BOT', 'PRIVATE', 'PASSWORD', 'PASSWD', 'PASS', 'APP', 'ID', 'USER', 'PERSONAL', 'OAUTH', 'REFRESH', 'SESSION', 'SERVICE', 'ACCOUNT', 'CREDENTIALS', 'CREDENTIAL', 'URL', 'DSN', 'PAT', 'SECRETS', 'MY', 'THE', 'PROD', 'DEV', 'TEST']);
