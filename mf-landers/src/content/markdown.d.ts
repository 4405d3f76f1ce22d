/** A Markdown file of this folder, compiled by md-loader.cjs (build) or its jest transformer. */
declare module '*.md' {
  const document: { html: string; toc: Array<{ id: string; text: string }> };
  export default document;
}
