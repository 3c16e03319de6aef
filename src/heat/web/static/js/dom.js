// @ts-check
/** Small DOM helpers: elements built by hand, no framework. */

/**
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 * @typedef {Node | string | number | null | undefined | false} Child
 */

/**
 * An HTML element: `on*` attributes become listeners, `false`/`null` attributes are left out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {Child[] | Child} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An SVG element.
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {Child[] | Child} [children]
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, children = []) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/**
 * @param {Element} el
 * @param {Attrs} attrs
 */
function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

/**
 * @param {Element} el
 * @param {Child[] | Child} children
 */
function append(el, children) {
  for (const child of Array.isArray(children) ? children : [children]) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "object" ? child : String(child));
  }
}

/**
 * Replace the children of `el`.
 * @param {Element} el
 * @param {Child[] | Child} children
 */
export function fill(el, children) {
  el.replaceChildren();
  append(el, children);
}

/**
 * The element with `id`, which the page must have.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no element #${id}`);
  return el;
}

/** Say `text` to screen readers (the page's live region). @param {string} text */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (region) region.textContent = text;
}
