/**
 * The CSS rules emotion generated for an element, as jsdom's CSSOM holds them: one entry per rule
 * whose selector is one of the element's classes, with the media condition it sits under (null for
 * no media query). Lets component tests check responsive behaviour jsdom cannot lay out.
 */
export interface ElementRule {
  readonly media: string | null;
  readonly style: CSSStyleDeclaration;
}

function collect(rules: CSSRuleList, media: string | null, classes: readonly string[], out: ElementRule[]): void {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSMediaRule) collect(rule.cssRules, rule.media.mediaText, classes, out);
    else if (rule instanceof CSSStyleRule && classes.some((name) => rule.selectorText === `.${name}`)) {
      out.push({ media, style: rule.style });
    }
  }
}

export function cssRulesFor(element: Element): ElementRule[] {
  const classes = Array.from(element.classList);
  const out: ElementRule[] = [];
  for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules, null, classes, out);
  return out;
}

/** The value `property` gets under `media` (null: the base rule), or '' when no rule sets it. */
export function cssValue(element: Element, property: string, media: string | null = null): string {
  const values = cssRulesFor(element)
    .filter((rule) => rule.media === media)
    .map((rule) => rule.style.getPropertyValue(property))
    .filter(Boolean);
  return values[values.length - 1] ?? '';
}
