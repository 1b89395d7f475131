// README recipes as data: a fenced block right after `<!-- recipe: id -->`.

/** Every `<!-- recipe: id -->` block of a Markdown text, by id. */
export function recipeBlocks(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const m of markdown.matchAll(/<!-- recipe: ([a-z0-9-]+) -->\r?\n```[a-z]*\r?\n([\s\S]*?)```/g)) blocks.set(m[1], m[2]);
  return blocks;
}

/** POSIX-shell words of one command line: whitespace splits, double quotes group (also mid-word), `#` starts a comment. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') {
      quoted = !quoted;
      word ??= "";
    } else if (!quoted && /\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (!quoted && ch === "#" && word === undefined) {
      break;
    } else {
      word = (word ?? "") + ch;
    }
  }
  if (quoted) throw new Error(`unbalanced double quote in: ${line}`);
  if (word !== undefined) words.push(word);
  return words;
}
