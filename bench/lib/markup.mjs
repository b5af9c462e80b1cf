// A rendered page split for the `markup` baseline of bench/ssr.mjs: its body as plain React host
// elements (no components, hooks, router, translations or data), the rest as the strings around
// them. Rendering those elements is what React alone costs for the page's markup: a floor under
// the site's own render of the same page.
//
// Hand-written, and only for React DOM's own output: it escapes `& < > " '` in text and attribute
// values and closes every element, so a tag is a regular expression here. Not a general HTML parser.
import { createElement } from 'react';

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
// HTML attribute names React spells differently (the ones these pages use, and their kin).
const PROP = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  autocomplete: 'autoComplete',
  inputmode: 'inputMode',
  enterkeyhint: 'enterKeyHint',
  crossorigin: 'crossOrigin',
  fetchpriority: 'fetchPriority',
  srcset: 'srcSet',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  datetime: 'dateTime',
  novalidate: 'noValidate',
  spellcheck: 'spellCheck',
  autocapitalize: 'autoCapitalize',
  viewbox: 'viewBox',
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
  'fill-rule': 'fillRule',
  'clip-rule': 'clipRule',
};
// React writes a true boolean attribute as `name=""`.
const BOOLEAN = new Set([
  'disabled',
  'hidden',
  'required',
  'readonly',
  'multiple',
  'open',
  'autofocus',
  'novalidate',
  'async',
  'defer',
  'inert',
  'itemscope',
  'playsinline',
]);
const ENTITY = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&nbsp;': '\u00a0', '&amp;': '&' };
const decode = (text) => text.replace(/&(?:lt|gt|quot|#x27|#39|nbsp|amp);/g, (entity) => ENTITY[entity]);
const camel = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

function styleObject(text) {
  const style = {};
  for (const rule of text.split(';')) {
    const colon = rule.indexOf(':');
    if (colon > 0)
      style[rule.startsWith('--') ? rule.slice(0, colon).trim() : camel(rule.slice(0, colon).trim())] = rule.slice(colon + 1).trim();
  }
  return style;
}

function propsOf(tag, attributes) {
  const props = {};
  for (const [, name, value] of attributes.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) {
    const text = value === undefined ? '' : decode(value);
    if (name === 'style') props.style = styleObject(text);
    // Uncontrolled form fields: what the page's own render sends with their value and state.
    else if (name === 'value' && (tag === 'input' || tag === 'textarea' || tag === 'select')) props.defaultValue = text;
    else if (name === 'checked') props.defaultChecked = true;
    else if (name === 'selected')
      props.selected = true; // taken off again by its <select> (splitPage)
    else props[PROP[name] ?? name] = value === undefined || (text === '' && BOOLEAN.has(name)) ? true : text;
  }
  return props;
}

/**
 * `{ before, elements, after }`: the document up to and including `<body …>`, a function building
 * the body's elements afresh (as a render would), and the scripts and closing tags after it.
 * React's comments (`<!-- -->` between texts, Suspense marks) are left out: React writes its own.
 */
export function splitPage(html) {
  const open = html.indexOf('<body');
  const bodyStart = html.indexOf('>', open) + 1;
  // The boot script and what follows are React's bootstrap output: kept as text.
  const boot = html.indexOf('window.__APP__');
  const bodyEnd = boot === -1 ? html.lastIndexOf('</body>') : html.lastIndexOf('<script', boot);
  const markup = html.slice(bodyStart, bodyEnd).replace(/<!--[\s\S]*?-->/g, '');
  const root = { children: [] };
  const stack = [root];
  const tokens =
    /<script((?:\s+[^\s=>/]+(?:="[^"]*")?)*)>([\s\S]*?)<\/script>|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>|[^<]+/g;
  for (const [token, scriptAttributes, script, tag, attributes] of markup.matchAll(tokens)) {
    if (script !== undefined) {
      // A script in the page (JSON-LD): its text as React is given it.
      stack.at(-1).children.push({
        tag: 'script',
        props: { ...propsOf('script', scriptAttributes ?? ''), dangerouslySetInnerHTML: { __html: script } },
        children: [],
      });
    } else if (!token.startsWith('<')) stack.at(-1).children.push(decode(token));
    else if (token.startsWith('</')) stack.pop();
    else {
      const node = { tag, props: propsOf(tag, attributes ?? ''), children: [] };
      if (node.props.selected) {
        // React marks the option the <select>'s value names.
        delete node.props.selected;
        const select = stack.findLast((parent) => parent.tag === 'select');
        if (select) select.props.defaultValue = node.props.value ?? '';
      }
      stack.at(-1).children.push(node);
      if (!VOID.has(tag) && !token.endsWith('/>')) stack.push(node);
    }
  }
  // A textarea's text is its value to React, never its children.
  const build = (node) =>
    typeof node === 'string'
      ? node
      : node.tag === 'textarea'
        ? createElement(node.tag, { ...node.props, defaultValue: node.children.join('') })
        : createElement(node.tag, node.props, ...node.children.map(build));
  return { before: html.slice(0, bodyStart), elements: () => root.children.map(build), after: html.slice(bodyEnd) };
}
