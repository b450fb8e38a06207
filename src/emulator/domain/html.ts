/**
 * HTML to markdown, for `source: html` imports: headings, paragraphs, links, images, lists,
 * emphasis and code. Tags it does not know are dropped and their text kept.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : undefined;
};

const inlineText = (html: string): string => html.replace(/\s+/g, ' ').trim();

function convertLists(html: string): string {
  // Innermost lists first, so nested lists become indented items of their parent.
  const list = /<(ul|ol)\b[^>]*>((?:(?!<\/?(?:ul|ol)\b)[\s\S])*)<\/\1>/i;
  let out = html;
  for (let guard = 0; guard < 200 && list.test(out); guard++) {
    out = out.replace(list, (_, kind: string, body: string) => {
      let n = 0;
      const items = [...body.matchAll(/<li\b[^>]*>([\s\S]*?)(?:<\/li>|(?=<li\b)|$)/gi)].map((m) => {
        const [first = '', ...rest] = (m[1] ?? '').trim().split('\n');
        const marker = kind.toLowerCase() === 'ol' ? `${++n}.` : '-';
        return [`${marker} ${inlineText(first)}`, ...rest.filter((line) => line.trim() !== '').map((line) => `  ${line}`)].join('\n');
      });
      return `\n\n${items.join('\n')}\n\n`;
    });
  }
  return out;
}

export function htmlToMarkdown(html: string): { title?: string; markdown: string } {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  let body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  body = body.replace(/<(script|style|head|noscript)\b[\s\S]*?<\/\1>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  body = body.replace(/<pre\b[^>]*>([\s\S]*?)<\/pre>/gi, (_, code: string) => {
    const text = decodeEntities(code.replace(/<[^>]+>/g, ''));
    // Newlines inside the block are protected from the whitespace clean-up below.
    return `\n\n${`\`\`\`\n${text.replace(/\n+$/, '')}\n\`\`\``.replace(/\n/g, '\u0000')}\n\n`;
  });
  body = body
    .replace(/<img\b[^>]*>/gi, (tag) => `![${attr(tag, 'alt') ?? ''}](${attr(tag, 'src') ?? ''})`)
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi, (_, attrs: string, text: string) => {
      const href = attr(` ${attrs}`, 'href');
      return href ? `[${inlineText(text)}](${href})` : text;
    })
    .replace(/<(strong|b)\b[^>]*>([\s\S]*?)<\/\1>/gi, '**$2**')
    .replace(/<(em|i)\b[^>]*>([\s\S]*?)<\/\1>/gi, '_$2_')
    .replace(/<code\b[^>]*>([\s\S]*?)<\/code>/gi, '`$1`')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(
      /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi,
      (_, level: string, text: string) => `\n\n${'#'.repeat(Number(level))} ${inlineText(text.replace(/<[^>]+>/g, ''))}\n\n`,
    )
    .replace(/<p\b[^>]*>([\s\S]*?)<\/p>/gi, (_, text: string) => `\n\n${inlineText(text)}\n\n`);
  body = convertLists(body)
    .replace(/<\/?(div|section|article|main|header|footer|nav|blockquote|table|tr)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  const markdown = decodeEntities(body)
    .split('\n')
    .map((line) => (/^\s+(?:-|\d+\.)\s/.test(line) ? line : line.trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replaceAll('\u0000', '\n')
    .trim();
  return { title: title ? inlineText(decodeEntities(title)) : undefined, markdown };
}
