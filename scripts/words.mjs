// The word check of `npm run check`: comments, documents, scripts, bench notes and test titles speak
// of the product (domain.md §…, a decision record), never of the work items the code came from.
// Fails, naming file:line, on "issue" or "issues", "stop" or "stops" followed by a number, in
// any letter case, with spaces, a colon or a "#" between (`Issue N`, `issues N and M`, `stop N`,
// `issue #N`, `Issue: N`). A decision record's file name (`…-issue-N-….md`) is a name, not a
// citation, and passes. A delivery stop is never written with a number right after the word
// ("the next stop", "Další zastávka"), so the product's words pass too. A number wrapped onto the
// next line counts as well.
// Plain Node, no dependencies: the files are those git tracks, plus new ones it does not ignore.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const word = /\b(?:issues?|stops?)\b[ \t]*:?[ \t]*#?[ \t]*\d/i;
// The word at a line's end and its number at the next one's start, past a comment's marker.
const wordAtEnd = /\b(?:issues?|stops?)[ \t]*:?[ \t]*#?[ \t]*$/i;
const numberAtStart = /^[ \t]*(?:\/\/+|\/?\*+|--|#+)?[ \t]*#?[ \t]*\d/;
const skipped = [/(^|\/)node_modules\//, /(^|\/)package-lock\.json$/];

const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const files = [...new Set(listed.split('\0').filter(Boolean))].filter(
  (file) => !skipped.some((pattern) => pattern.test(file)),
);

const hits = [];
for (const file of files) {
  let bytes;
  try {
    bytes = fs.readFileSync(path.join(root, file));
  } catch {
    continue; // deleted in the working tree, or not a file
  }
  if (bytes.includes(0)) continue; // binary: images, fonts, archives
  const lines = bytes.toString('utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const wrapped = wordAtEnd.test(lines[i]) && numberAtStart.test(lines[i + 1] ?? '');
    if (word.test(lines[i]) || wrapped) hits.push(`${file}:${i + 1}: ${lines[i].trim().slice(0, 160)}`);
  }
}

if (hits.length > 0) {
  console.error(hits.join('\n'));
  console.error(
    `\n✗ ${hits.length} line(s) name a work item ("issue" or "stop" and a number). Cite the rule` +
      ' (domain.md §…) or a decision record (decision NNNN), or keep only the reason; README.md' +
      ' "Where things are" says why.',
  );
  process.exit(1);
}
console.log(`words: ${files.length} files, no work item named`);
