// Package sources of conda (channels and the channel alias) and Homebrew (taps and mirror
// variables), for rule SUP-04. A channel added with `conda config --add channels URL` goes to the
// top of the list, so its packages win over conda-forge's; a tap's formulae are Ruby code that
// runs at install. Named channels and taps on a code forge are the norm and are not collected.
import type { FileView } from '../../types.ts';
import { eachMatch, type Setting } from './package-source-settings.ts';

const URL_VALUE = String.raw`["']?((?:https?|s3|file):\/\/[^\s"'\x60,;]+)`;

// `conda config --add channels URL`, `--prepend`, `--append`; `--set channel_alias URL`; an install
// from a channel given as a URL (`conda install -c https://... pkg`, mamba and micromamba alike).
const CONDA_CLI = new RegExp(
  [
    String.raw`\b(?:conda|mamba|micromamba)\s+config\s+(?:--(?:env|system|file\s+\S+)\s+)?--(?:add|prepend|append)\s+channels\s+` + URL_VALUE,
    String.raw`\b(?:conda|mamba|micromamba)\s+config\s+(?:--(?:env|system|file\s+\S+)\s+)?--set\s+(?:channel_alias|default_channels)\s+` + URL_VALUE,
    String.raw`\b(?:conda|mamba|micromamba)\s+(?:install|create|env\s+create|update)\b[^\n;&|]{0,200}?(?:-c|--channel)[ \t=]+` + URL_VALUE,
  ].join('|'),
  'g',
);
// .condarc and environment.yml: `channel_alias: URL`, and URL items of a `channels:` list.
const CONDA_ALIAS = new RegExp(String.raw`^[ \t]*(?:channel_alias|default_channels)[ \t]*:[ \t]*` + URL_VALUE, 'gm');
const CHANNEL_LIST = /^([ \t]*)(?:channels|default_channels)[ \t]*:[ \t]*\n((?:\1[ \t]*-[ \t]*[^\n]*\n?){1,50})/gm;
const LIST_URL = new RegExp(String.raw`^[ \t]*-[ \t]*` + URL_VALUE, 'gm');

// `brew tap user/repo URL`, and the variables that move Homebrew's own repositories and bottles.
const BREW_TAP = new RegExp(String.raw`\bbrew\s+tap\s+(?:--[\w-]+\s+)*[\w.-]+\/[\w.-]+\s+` + URL_VALUE, 'g');
const BREW_ENV = new RegExp(String.raw`\b(?:HOMEBREW_(?:BREW|CORE)_GIT_REMOTE|HOMEBREW_BOTTLE_DOMAIN|HOMEBREW_API_DOMAIN|HOMEBREW_ARTIFACT_DOMAIN)[ \t]*=[ \t]*` + URL_VALUE, 'g');

const CONDA_FILE = /(?:^|\/)(?:\.?condarc|environment(?:[-.][\w-]+)?\.ya?ml|env\.ya?ml|conda[-\w]*\.ya?ml)$/i;

export function condaAndBrewSettings(file: FileView, add: (s: Setting) => void): void {
  const text = file.text;
  if (/conda|mamba|channels/i.test(text)) {
    eachMatch(text, CONDA_CLI, (m) => {
      const value = m[1] ?? m[2] ?? m[3];
      add({ index: m.index, length: m[0].length, value, role: m[3] ? 'install' : 'replace', ecosystem: 'conda' });
    });
    if (CONDA_FILE.test(file.skillPath) || /\bconda\b|condarc/i.test(text)) {
      eachMatch(text, CONDA_ALIAS, (m) => {
        add({ index: m.index, length: m[0].length, value: m[1], role: 'replace', ecosystem: 'conda' });
      });
      eachMatch(text, CHANNEL_LIST, (m) => {
        const listStart = m.index + m[0].length - m[2].length;
        for (const item of m[2].matchAll(LIST_URL)) {
          add({ index: listStart + (item.index ?? 0), length: item[0].length, value: item[1], role: 'replace', ecosystem: 'conda' });
        }
      });
    }
  }
  if (/brew/i.test(text)) {
    for (const re of [BREW_TAP, BREW_ENV]) {
      eachMatch(text, re, (m) => {
        add({ index: m.index, length: m[0].length, value: m[1], role: re === BREW_TAP ? 'install' : 'replace', ecosystem: 'brew' });
      });
    }
  }
}
