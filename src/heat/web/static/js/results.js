// @ts-check
/** Results: standings and points, the Hall of Fame, the statistics (heat.stats), the chart of
 * positions, rematch, the record to download and the replay. */
import { call } from "./api.js";
import { letterOf } from "./board.js";
import { positionChart } from "./chart.js";
import { fill, h } from "./dom.js";
import { t } from "./messages.js";

/** @typedef {import("./types.js").State} State */

/**
 * The statistics table and the chart of a race.
 * @param {string} table
 * @param {string} [query]
 */
export async function statsBlock(table, query = "") {
  const box = h("div", { class: "stats-wrap" }, h("p", { class: "muted" }, t("home.loading")));
  try {
    const data = await call("GET", `/api/tables/${table}/stats${query}`);
    const heads = data.columns.map((/** @type {number} */ seat) => data.names[seat]);
    fill(box, [
      h("h2", {}, t("results.chart")),
      positionChart(data.stats),
      h("h2", {}, t("results.stats")),
      h("table", { id: "stats-table" }, [
        h("thead", {}, h("tr", {}, [h("th", { scope: "col" }, ""), ...heads.map((/** @type {string} */ name) => h("th", { scope: "col" }, name))])),
        h(
          "tbody",
          {},
          data.rows.map((/** @type {any} */ row) =>
            h("tr", {}, [h("th", { scope: "row", style: `padding-left:${0.5 + (row.label.length - row.label.trimStart().length) * 0.4}rem` }, row.label.trim()), ...row.cells.map((/** @type {string} */ cell) => h("td", {}, cell))]),
          ),
        ),
      ]),
    ]);
  } catch (error) {
    fill(box, h("p", { class: "error" }, String(error)));
  }
  return box;
}

/**
 * @param {HTMLElement} main
 * @param {State} state
 * @param {import("./api.js").TableSocket} socket
 * @param {import("./types.js").Catalogue} cat
 * @param {import("./types.js").Geometry} geo
 * @param {{rematch: string | null, tokens: (string | null)[]}} options
 */
export async function showResults(main, state, socket, cat, geo, options) {
  void cat;
  const view = state.view;
  const season = state.season;
  const names = state.seats.map((seat) => seat.name);
  const standings = state.result?.standings ?? season?.standings ?? view?.standings ?? [];
  const points = state.result?.points ?? season?.totals ?? [];
  const token = options.tokens.find((item) => item) ?? null;
  const rematchSlot = h("span");
  const showRematch = (/** @type {string} */ table) =>
    fill(rematchSlot, h("a", { class: "button primary", id: "rematch-open", href: `/t/${table}` }, t("results.rematch.open")));
  if (options.rematch) showRematch(options.rematch);
  else if (token) {
    fill(
      rematchSlot,
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "rematch",
          onclick: async () => {
            const made = await call("POST", `/api/tables/${state.table}/rematch`, { token });
            location.assign(`/t/${made.table}`);
          },
        },
        t("results.rematch"),
      ),
    );
  }
  void geo;
  const races = season ? season.results.length : 0;
  const stats = await statsBlock(state.table, season ? `?race=${races}` : "");
  fill(main, [
    h("h1", {}, season ? t("season.over") : t("results.title")),
    season ? h("p", {}, t("season.champion", { name: names[standings[0]] ?? "" })) : h("p", {}, t("results.ended")),
    h("section", { class: "panel", "aria-labelledby": "standings-title" }, [
      h("h2", { id: "standings-title" }, t("results.standings")),
      h("table", { id: "standings" }, [
        h("thead", {}, h("tr", {}, [h("th", { scope: "col" }, t("results.place")), h("th", { scope: "col" }, t("results.driver")), h("th", { scope: "col" }, t("results.points"))])),
        h(
          "tbody",
          {},
          standings.map((seat, index) =>
            h("tr", {}, [
              h("td", {}, String(index + 1)),
              h("td", {}, [h("span", { class: `badge ${state.seats[seat].color}`, "aria-hidden": "true" }, letterOf(state.seats[seat].color)), " ", names[seat]]),
              h("td", {}, String(points[seat] ?? "")),
            ]),
          ),
        ),
      ]),
      view && view.hall_of_fame.length
        ? h("p", {}, `${t("results.hall")}: ${view.hall_of_fame.map((seat) => names[seat]).join(", ")}`)
        : null,
      h("p", { class: "row" }, [
        rematchSlot,
        h("a", { class: "button", id: "download", href: `/api/tables/${state.table}/record`, download: `heat-${state.table}.json` }, t("results.download")),
        h("a", { class: "button", id: "replay-link", href: `/t/${state.table}/replay${season ? `?race=${races}` : ""}` }, t("results.replay")),
        h("a", { class: "button", href: "/" }, t("results.home")),
      ]),
    ]),
    h("section", { class: "panel" }, stats),
  ]);
  void socket;
  main.focus();
}
