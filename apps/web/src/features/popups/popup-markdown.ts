/**
 * The small Markdown of popup contents (docs/decisions.md): headings `#` to `###`, paragraphs (a line
 * break stays one), `-` / `*` and `1.` lists, `**bold**`, `*italic*` / `_italic_` and `[text](url)` links
 * to http(s) or mailto only. Everything else is text: the renderer builds React elements from this tree,
 * so nothing typed can become HTML or a script.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; text: string };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; content: Inline[] }
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const INLINE_PATTERN = /\*\*(\S(?:.*?\S)?)\*\*|\*(\S(?:.*?\S)?)\*|(?<!\w)_(\S(?:.*?\S)?)_(?!\w)|\[([^\]\n]+)\]\(([^)\s]+)\)/;
const SAFE_URL = /^(https?:\/\/|mailto:)/i;

export function isSafeUrl(url: string): boolean {
  return SAFE_URL.test(url);
}

function pushText(target: Inline[], text: string) {
  const last = target.at(-1);
  if (last?.kind === 'text') {
    last.text += text;
  } else if (text !== '') {
    target.push({ kind: 'text', text });
  }
}

export function parseInline(text: string): Inline[] {
  const result: Inline[] = [];
  let rest = text;
  while (rest !== '') {
    const match = INLINE_PATTERN.exec(rest);
    if (!match) {
      pushText(result, rest);
      break;
    }
    pushText(result, rest.slice(0, match.index));
    const [whole, strong, star, underscore, label, href] = match;
    if (strong !== undefined) {
      result.push({ kind: 'strong', children: parseInline(strong) });
    } else if (star !== undefined || underscore !== undefined) {
      result.push({ kind: 'em', children: parseInline(star ?? underscore ?? '') });
    } else if (label !== undefined && href !== undefined && isSafeUrl(href)) {
      result.push({ kind: 'link', href, text: label });
    } else {
      // a link to anything else (javascript:, data:, a relative path) keeps its text only
      pushText(result, label ?? '');
    }
    rest = rest.slice(match.index + whole.length);
  }
  return result;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;

type ParagraphBlock = Extract<Block, { kind: 'paragraph' }>;
type ListBlock = Extract<Block, { kind: 'list' }>;

export function parsePopupMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  // the block the next line may continue: consecutive lines of a paragraph, items of one kind of list
  const open: { paragraph: ParagraphBlock | null; list: ListBlock | null } = { paragraph: null, list: null };
  for (const rawLine of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const item = bullet ?? NUMBERED.exec(line);
    if (line === '' || heading) {
      open.paragraph = null;
      open.list = null;
      if (heading) {
        blocks.push({ kind: 'heading', level: (heading[1]?.length ?? 1) as 1 | 2 | 3, content: parseInline(heading[2] ?? '') });
      }
    } else if (item) {
      const ordered = bullet === null;
      open.paragraph = null;
      if (open.list?.ordered === ordered) {
        open.list.items.push(parseInline(item[1] ?? ''));
      } else {
        open.list = { kind: 'list', ordered, items: [parseInline(item[1] ?? '')] };
        blocks.push(open.list);
      }
    } else if (open.paragraph) {
      open.paragraph.lines.push(parseInline(line));
    } else {
      open.list = null;
      open.paragraph = { kind: 'paragraph', lines: [parseInline(line)] };
      blocks.push(open.paragraph);
    }
  }
  return blocks;
}
