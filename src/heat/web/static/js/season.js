// @ts-check
/** The championship hub: the scorepad, the event card, the market and draft, Sponsorship
 * cards, the next grid, the totals; and the season's own decisions (draft, swap, keep). */
import { letterOf } from "./board.js";
import { cardFace, cardName, decisionLabel } from "./cards.js";
import { fill, h } from "./dom.js";
import { t } from "./messages.js";
import { statsBlock } from "./results.js";

/** @typedef {import("./types.js").State} State */

/**
 * What the season's question asks, from its legal decisions' first words.
 * @param {string[]} legal
 */
function seasonPrompt(legal) {
  if (legal.some((text) => text.startsWith("draft"))) return t("season.step.draft");
  if (legal.some((text) => text.startsWith("swap") || text === "no swap")) return t("season.step.swap");
  if (legal.some((text) => text.startsWith("keep"))) return t("season.step.keep");
  return "";
}

export class SeasonHub {
  /** @param {HTMLElement} main @param {import("./types.js").Catalogue} cat */
  constructor(main, cat) {
    this.main = main;
    this.cat = cat;
  }

  /**
   * @param {State} state
   * @param {import("./api.js").TableSocket} socket
   * @param {{hideHand?: boolean, onBack?: (() => void) | null}} options
   */
  show(state, socket, options) {
    const season = state.season;
    if (!season) return;
    const names = season.names;
    const colors = state.seats.map((seat) => seat.color);
    const badge = (/** @type {number} */ seat) => h("span", { class: `badge ${colors[seat]}`, "aria-hidden": "true" }, letterOf(colors[seat]));
    const mine = state.seat;
    const deciding = mine !== null && state.legal.length > 0 && !options.hideHand;
    const waiting = season.to_decide.filter((seat) => seat !== mine).map((seat) => names[seat]);
    const scorepad = h("table", { class: "scorepad", id: "scorepad" }, [
      h("thead", {}, h("tr", {}, [h("th", { scope: "col" }, ""), ...names.map((name, seat) => h("th", { scope: "col" }, [badge(seat), " ", name]))])),
      h("tbody", {}, [
        ...season.results.map(([track, points], index) =>
          h("tr", {}, [h("th", { scope: "row" }, `${index + 1}. ${track}`), ...points.map((p) => h("td", {}, String(p)))]),
        ),
        h("tr", {}, [h("th", { scope: "row" }, t("season.total")), ...season.totals.map((p) => h("td", {}, h("strong", {}, String(p))))]),
      ]),
    ]);
    const decisions = deciding
      ? h("section", { class: "panel dock", "aria-labelledby": "season-decide" }, [
          h("h2", { id: "season-decide" }, t("season.decide")),
          h("p", { class: "prompt" }, seasonPrompt(state.legal)),
          h(
            "div",
            { class: "options" },
            state.legal.map((text) => {
              const decide = async () => {
                const answer = await socket.decide(text);
                if (answer.type !== "accepted") this.main.querySelector("#season-error")?.replaceChildren(answer.message);
              };
              const words = text.split(" ");
              if (words[0] === "draft" || words[0] === "keep") {
                const face = cardFace(this.cat, words[1], { onClick: decide, label: decisionLabel(this.cat, text) });
                face.dataset.decision = text;
                return face;
              }
              return h("button", { type: "button", class: "primary", "data-decision": text, onclick: decide }, decisionLabel(this.cat, text));
            }),
          ),
          h("p", { class: "error", id: "season-error", role: "alert" }),
        ])
      : h("p", { class: "muted" }, waiting.length ? t("season.waiting", { names: waiting.join(", ") }) : "");
    const stats = h("div");
    fill(this.main, [
      h("h1", {}, t("season.title", { season: season.season })),
      h("p", {}, t("season.race", { n: season.race_number, total: season.races })),
      options.onBack ? h("p", {}, h("button", { type: "button", onclick: options.onBack }, t("race.back_to_race"))) : null,
      decisions,
      h("section", { class: "panel", "aria-labelledby": "event-title" }, [
        h("h2", { id: "event-title" }, `${t("season.event")}: ${season.event_title}`),
        h("p", {}, season.event_text),
        h("p", { class: "muted" }, `${t("form.track")}: ${this.cat.tracks.find((track) => track.id === season.track)?.name ?? season.track}`),
      ]),
      h("section", { class: "panel", "aria-labelledby": "scorepad-title" }, [h("h2", { id: "scorepad-title" }, t("season.scorepad")), h("div", { class: "stats-wrap" }, scorepad)]),
      season.market.length
        ? h("section", { class: "panel", "aria-labelledby": "market-title" }, [
            h("h2", { id: "market-title" }, t("season.market")),
            h("div", { class: "market hand" }, season.market.map((id) => cardFace(this.cat, id))),
          ])
        : null,
      h("section", { class: "panel", "aria-labelledby": "cars-upgrades" }, [
        h("h2", { id: "cars-upgrades" }, `${t("season.upgrades")} · ${t("season.sponsors")}`),
        h(
          "ul",
          {},
          names.map((name, seat) =>
            h("li", {}, [
              badge(seat),
              ` ${name}: `,
              season.upgrades[seat].map((id) => cardName(this.cat, id)).join(", ") || "–",
              ` · ${t("season.sponsors")}: ${season.sponsor_cards[seat]}`,
            ]),
          ),
        ),
      ]),
      h("section", { class: "panel", "aria-labelledby": "grid-title" }, [
        h("h2", { id: "grid-title" }, t("season.grid")),
        h("ol", {}, season.grid.map((seat) => h("li", {}, [badge(seat), " ", names[seat]]))),
      ]),
      h("section", { class: "panel", "aria-labelledby": "goat-title" }, [
        h("h2", { id: "goat-title" }, t("season.goat")),
        h("ol", {}, season.standings.map((seat) => h("li", {}, [badge(seat), ` ${names[seat]}: ${season.totals[seat]}`]))),
      ]),
      state.view ? stats : null,
    ]);
    if (state.view) statsBlock(state.table).then((block) => fill(stats, h("section", { class: "panel" }, block)));
  }
}
