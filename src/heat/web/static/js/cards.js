// @ts-check
/** Cards as buttons, and decisions in words: labels only, from the server's card data. */
import { h } from "./dom.js";
import { t } from "./messages.js";

/** @typedef {import("./types.js").Catalogue} Catalogue */

/** @param {Catalogue} cat @param {string} id */
export function cardName(cat, id) {
  return cat.cards[id]?.name ?? id;
}

/**
 * The words a screen reader says for a card: its name, Speed and symbols.
 * @param {Catalogue} cat
 * @param {string} id
 */
export function cardWords(cat, id) {
  const card = cat.cards[id];
  if (!card) return id;
  const parts = [card.name];
  if (card.type === "heat") parts.push(t("card.heat"));
  else if (card.type === "stress") parts.push(t("card.stress"));
  const speed = t("card.speed", { n: card.speeds.join("/") });
  // A basic card's name is its Speed ("Speed 3"): said once.
  if (card.speeds.length && card.name !== String(card.speeds[0]) && card.name !== speed) parts.push(speed);
  for (const [symbol, n] of Object.entries(card.symbols)) parts.push(t(/** @type {any} */ (`symbol.${symbol}`), { n }));
  for (const flag of card.flags) parts.push(t(/** @type {any} */ (`symbol.${flag}`)));
  return parts.join(", ");
}

/**
 * A card face (a button when `onClick` is given).
 * @param {Catalogue} cat
 * @param {string} id
 * @param {{pressed?: boolean, onClick?: () => void, disabled?: boolean, index?: number, label?: string}} [options]
 *   `label`: words said before the card's own (what choosing it does)
 */
export function cardFace(cat, id, options = {}) {
  const card = cat.cards[id];
  const kind = card ? (["basic", "starting", "heat", "stress"].includes(card.type) ? card.type : "upgrade") : "basic";
  const value = card?.speeds.length ? card.speeds.join("/") : card?.type === "heat" ? "♨" : card?.type === "stress" ? "!" : "";
  const symbols = card
    ? [
        ...Object.entries(card.symbols).map(([symbol, n]) => h("span", {}, t(/** @type {any} */ (`symbol.${symbol}`), { n }))),
        ...card.flags.map((flag) => h("span", {}, t(/** @type {any} */ (`symbol.${flag}`)))),
      ]
    : [];
  const words = options.label ? `${options.label}: ${cardWords(cat, id)}` : cardWords(cat, id);
  const body = [
    h("span", { class: "value", "aria-hidden": "true" }, value),
    h("span", { class: "name", "aria-hidden": "true" }, card?.type === "basic" ? "" : (card?.name ?? id)),
    h("span", { class: "symbols", "aria-hidden": "true" }, symbols),
  ];
  const attrs = { class: `card ${kind}`, "data-card": id };
  if (!options.onClick) return h("div", { ...attrs, role: "img", "aria-label": words }, body);
  // A button is named by its content (the words, for screen readers only) rather than by
  // aria-label: the face's glyphs are not words, so no label could contain them (WCAG 2.5.3).
  return h(
    "button",
    {
      ...attrs,
      type: "button",
      "aria-pressed": options.pressed ? "true" : "false",
      disabled: options.disabled ?? false,
      "data-index": options.index ?? null,
      onclick: options.onClick,
    },
    [...body, h("span", { class: "sr-only" }, words)],
  );
}

/**
 * A legal decision (the engine's text) in words, for its button.
 * @param {Catalogue} cat
 * @param {string} text
 */
export function decisionLabel(cat, text) {
  const words = text.split(" ");
  const from = words.indexOf("from");
  const source = from >= 0 ? words.slice(from + 1).join(" ") : "";
  const sourceName = source === "adrenaline" ? t("source.adrenaline") : cardName(cat, source);
  const names = (/** @type {string[]} */ list) => list.map((id) => cardName(cat, id)).join(", ");
  switch (words[0]) {
    case "done":
      return t("decision.done");
    case "boost":
      return t("decision.boost");
    case "cooldown":
      return source ? t("decision.cooldown.from", { n: words[1], source: sourceName }) : t("decision.cooldown", { n: words[1] });
    case "move":
      return t("decision.move.from", { n: words[1], source: sourceName });
    case "slipstream":
      return words[1] ? t("decision.slipstream.n", { n: words[1] }) : t("decision.slipstream");
    case "no":
      return words[1] === "slipstream" ? t("decision.no_slipstream") : t("decision.no_swap");
    case "discard":
      return words[1] === "nothing" ? t("decision.discard_nothing") : t("decision.discard", { cards: names(words.slice(1)) });
    case "speed":
      return t("decision.speed", { n: words[1], card: cardName(cat, words[3]) });
    case "refresh":
      return words[1] === "nothing" ? t("decision.refresh_nothing") : t("decision.refresh", { cards: names(words.slice(1)) });
    case "draft":
      return t("decision.draft", { card: cardName(cat, words[1]) });
    case "swap":
      return t("decision.swap", { old: cardName(cat, words[1]), new: cardName(cat, words[3]) });
    case "keep":
      return t("decision.keep", { card: cardName(cat, words[1]) });
    case "salvage":
      return t("decision.salvage", { cards: names(words.slice(1, from)), source: sourceName });
    case "accelerate":
    case "direct":
      return t("decision.symbol.plain", { symbol: t(/** @type {any} */ (`symbol.${words[0]}`)), source: sourceName });
    default: {
      const symbol = words[0].replace("-", "_");
      const key = /** @type {any} */ (`symbol.${symbol}`);
      const label = t(key, { n: words[1] });
      return label === key ? text : `${label} (${sourceName})`;
    }
  }
}

/**
 * A plan's text split: its gear and cards (`gear 3 play 1 4 stress`, Tournament `play 1 2 4`).
 * @param {string} text
 * @returns {{gear: number, cards: string[]} | null}
 */
export function parsePlan(text) {
  const words = text.split(" ");
  if (words[0] === "gear" && words[2] === "play") return { gear: Number(words[1]), cards: words.slice(3) };
  if (words[0] === "play") return { gear: words.length - 1, cards: words.slice(1) };
  return null;
}

/** @param {string[]} cards */
export function cardKey(cards) {
  return [...cards].sort().join(" ");
}
