/**
 * Legal and help texts are Markdown files (src/content/<lng>/<page>.md): easy to write and
 * review for translators. They are turned into HTML at BUILD time (webpack loader) and in tests
 * (jest transformer), with `marked`, so no Markdown parser ships to the browser: a page's chunk is
 * just `{ html, toc }`.
 *
 * - every `##`/`###` heading gets an id (its slug), so the table of contents can link to it;
 *   `toc` lists the `##` headings in order;
 * - `{placeholder}` words stay as they are: the page fills them in at render time from the site's
 *   settings and company info (content/fill.ts), HTML-escaped.
 */
'use strict';
const { Marked } = require('marked');

/** A heading's id: lower case, letters and digits of any script, dashes. */
function slug(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function compile(source) {
  const toc = [];
  const used = new Map();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }) {
        const inner = this.parser.parseInline(tokens);
        const base = slug(text) || `section-${toc.length + 1}`;
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n === 0 ? base : `${base}-${n + 1}`;
        if (depth === 2) toc.push({ id, text });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(source, { async: false });
  return { html, toc };
}

/** webpack loader */
function loader(source) {
  this.cacheable?.();
  return `export default ${JSON.stringify(compile(source))};`;
}

/** jest transformer (CommonJS in tests) */
loader.process = (source) => ({ code: `module.exports = { __esModule: true, default: ${JSON.stringify(compile(source))} };` });
loader.compile = compile;
loader.slug = slug;

module.exports = loader;
