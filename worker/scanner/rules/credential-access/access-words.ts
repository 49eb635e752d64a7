// Wording shared by several credential-access detectors: an instruction in prose to access a file,
// and what a line does with a whole credential folder.

// In prose, an instruction to access: the verb opens a sentence or list item or follows a modal
// ("Read ~/.aws/credentials", "the skill needs to read ..."). Descriptions such as "the SDKs read
// it automatically" or a list of indicators are not instructions.
export const ACCESS_PROSE =
  /(?:^|[.:;!?]\s+|^\s*(?:[-*+>]|\d+[.)])\s+(?:\*\*)?|\b(?:then|and|first|now|please|must|should|will|to|also|always|you)\s+)(?:read|cat|open|upload|send|post|collect|gather|harvest|steal|grab|copy|dump|extract|print|include|archive|compress|encode|index|scan|import|sync|back up|exfiltrate|access)\b/i;

// What a line does with a whole folder: pack, copy, walk or ship it (shared by ~/.ssh and the
// cloud credential folders, each with words of its own).
export const FOLDER_ACCESS_WORDS = String.raw`tar|zip|7z|cp\s+-r|rsync|scp|copytree|listdir|readdir|glob|walk|find|iterdir|upload|send|collect|harvest|archive`;
