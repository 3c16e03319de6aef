// @ts-check
/** The replay viewer: a finished race, stepped forward and back on the map. */
import { call, once } from "./api.js";
import { Board } from "./board.js";
import { decisionLabel } from "./cards.js";
import { byId, fill, h } from "./dom.js";
import { t } from "./messages.js";
import { settings } from "./store.js";

/** @param {string} id */
export async function showReplay(id) {
  const main = byId("main");
  const race = new URLSearchParams(location.search).get("race");
  let data;
  try {
    data = await call("GET", `/api/tables/${encodeURIComponent(id)}/replay${race ? `?race=${race}` : ""}`);
  } catch (error) {
    fill(main, [h("h1", {}, t("replay.title")), h("p", { class: "error", role: "alert" }, String(/** @type {Error} */ (error).message))]);
    return;
  }
  const geo = await once(`/api/tracks/${data.track}`);
  const cat = await once("/api/cards");
  const board = new Board(geo, { roadNames: Object.fromEntries(Object.entries(cat.road).map(([k, v]) => [k, /** @type {any} */ (v).name])) });
  const frames = data.frames;
  const last = frames.length - 1;
  let at = 0;
  const slider = h("input", { type: "range", min: 0, max: last, value: 0, id: "replay-slider", "aria-label": t("replay.position") });
  const where = h("p", { id: "replay-where", "aria-live": "polite" });
  const log = h("ol", { class: "log", id: "replay-log" });
  const roundStarts = frames.map((/** @type {any} */ f, /** @type {number} */ i) => (i > 0 && f.round !== frames[i - 1].round ? i : -1)).filter((/** @type {number} */ i) => i > 0);
  const go = (/** @type {number} */ k) => {
    at = Math.max(0, Math.min(last, k));
    const frame = frames[at];
    const cars = frame.cars.map((/** @type {any} */ car, /** @type {number} */ seat) => ({
      ...car,
      seat,
      name: data.names[seat],
      color: data.colors[seat],
      legend: data.legends[seat],
    }));
    board.updateCars(cars, { motion: settings().motion });
    board.updateCorners(
      data.corners.map((/** @type {any} */ c) => ({ ...c, printed_limit: c.speed_limit, press: false, line_after: 0 })),
      data.weather,
      cat.weather,
    );
    slider.value = String(at);
    const decision = frame.seat === null ? "" : ` · ${t("replay.decision", { name: data.names[frame.seat], decision: decisionLabel(cat, frame.decision) })}`;
    where.textContent = `${t("replay.step", { n: at, total: last })} · ${t("race.round", { n: frame.round })}${decision}`;
    const lines = frames.slice(0, at + 1).flatMap((/** @type {any} */ f) => f.log).slice(-40);
    fill(log, lines.map((/** @type {string} */ line) => h("li", {}, line)));
    log.scrollTop = log.scrollHeight;
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  const button = (/** @type {string} */ label, /** @type {() => number} */ target, /** @type {string} */ idName) =>
    h("button", { type: "button", id: idName, onclick: () => go(target()) }, label);
  fill(main, [
    h("h1", {}, `${t("replay.title")}: ${geo.name}`),
    h("div", { class: "replay-controls panel" }, [
      button(t("replay.first"), () => 0, "replay-first"),
      button(t("replay.round_back"), () => [...roundStarts].reverse().find((/** @type {number} */ i) => i < at) ?? 0, "replay-round-back"),
      button(t("replay.back"), () => at - 1, "replay-back"),
      slider,
      button(t("replay.forward"), () => at + 1, "replay-forward"),
      button(t("replay.round_forward"), () => roundStarts.find((/** @type {number} */ i) => i > at) ?? last, "replay-round-forward"),
      button(t("replay.last"), () => last, "replay-last"),
    ]),
    where,
    h("div", { class: "race" }, [
      h("div", { class: "map-wrap" }, board.svg),
      h("aside", { class: "panel" }, [h("h2", {}, t("race.log")), log]),
    ]),
    h("p", {}, h("a", { href: `/t/${id}` }, t("results.title"))),
  ]);
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") go(at + 1);
    else if (event.key === "ArrowLeft") go(at - 1);
  });
  go(0);
}
