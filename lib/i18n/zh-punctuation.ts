import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * Chinese sentences take full-width punctuation: ：；，rather than ASCII : ; , (the design's rule for zh-TW words).
 * A message's ICU syntax is not text (`{count, plural, …}` holds commas of its own), so the check reads the
 * message's literal runs, every plural and select branch among them, with each placeholder standing in for a word
 * that is neither Chinese nor punctuation; a clock time (12:40) or a list of codes keeps its ASCII marks.
 */
const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
const ASCII_MARK = /[:;,]/;
/** A placeholder's stand-in: not Chinese, not a mark, not a space. */
const PLACEHOLDER = '\u{e000}';

/** The readings of a message: its literal text with placeholders, once per plural or select branch. */
function readings(elements: MessageFormatElement[]): string[] {
  let texts = [''];
  for (const el of elements) {
    if (el.type === TYPE.literal) texts = texts.map((t) => t + el.value);
    else if (el.type === TYPE.plural || el.type === TYPE.select) {
      const branches = Object.values(el.options).flatMap((o) => readings(o.value));
      texts = texts.flatMap((t) => branches.map((b) => t + b));
    } else if (el.type === TYPE.tag) {
      const inner = readings(el.children);
      texts = texts.flatMap((t) => inner.map((i) => t + i));
    } else texts = texts.map((t) => t + PLACEHOLDER);
    // A message with many choices: keep the check linear rather than multiply its readings without end.
    if (texts.length > 64) texts = texts.slice(0, 64);
  }
  return texts;
}

/** Each ASCII : ; , that touches Chinese text (spaces between allowed), with a little of its context. */
export function halfWidthMarks(message: string): string[] {
  let elements: MessageFormatElement[];
  try {
    elements = parse(message, { ignoreTag: false });
  } catch {
    elements = parse(message, { ignoreTag: true });
  }
  const found = new Set<string>();
  for (const text of readings(elements)) {
    const chars = [...text];
    chars.forEach((ch, i) => {
      if (!ASCII_MARK.test(ch)) return;
      let before = i - 1;
      while (before >= 0 && chars[before] === ' ') before--;
      let after = i + 1;
      while (after < chars.length && chars[after] === ' ') after++;
      const touches = (j: number) => j >= 0 && j < chars.length && CJK.test(chars[j]!);
      if (touches(before) || touches(after))
        found.add(
          chars
            .slice(Math.max(0, i - 6), i + 7)
            .join('')
            .replaceAll(PLACEHOLDER, '{…}'),
        );
    });
  }
  return [...found];
}
