// A LIKE pattern for "contains this text": the wildcards a person typed are escaped, so a search for
// "100%" means the text "100%".
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
