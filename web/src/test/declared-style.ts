/**
 * The style an element's stylesheets and `style` attribute declare, as written (`2.5rem`, `100cqi`,
 * `min(20rem, 60vw)`): what a layout test means to hold. jsdom 31's `getComputedStyle` resolves
 * lengths without a layout (rem to px, container units to 0px), so it no longer says what was written.
 * Rules are taken in document order and the last declaration wins (emotion gives each element its own
 * class); the inline style wins over them. Media and container queries are read as if they matched.
 */
export function declaredStyle(element: Element): CSSStyleDeclaration {
  const rules: CSSStyleRule[] = [];
  const collect = (list: CSSRuleList): void => {
    for (const rule of Array.from(list)) {
      if (rule instanceof CSSStyleRule) {
        if (element.matches(rule.selectorText)) rules.push(rule);
      } else if ('cssRules' in rule) {
        collect((rule as CSSGroupingRule).cssRules);
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
  const inline = (element as HTMLElement).style as CSSStyleDeclaration | undefined;
  const valueOf = (property: string): string => {
    const fromInline = inline?.getPropertyValue(property);
    if (fromInline) return fromInline;
    for (let i = rules.length - 1; i >= 0; i -= 1) {
      const value = rules[i]?.style.getPropertyValue(property);
      if (value) return value;
    }
    return '';
  };
  const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return new Proxy({} as CSSStyleDeclaration, {
    get: (_target, key) =>
      key === 'getPropertyValue' ? valueOf : typeof key === 'string' ? valueOf(kebab(key)) : undefined,
  });
}
