// @ts-check
/** The chart of every car's position round by round (the numbers are heat.stats'). */
import { letterOf } from "./board.js";
import { s } from "./dom.js";
import { t } from "./messages.js";

const COLORS = /** @type {Record<string, string>} */ ({
  red: "#c62828",
  blue: "#1565c0",
  green: "#2e7d32",
  yellow: "#e0a800",
  black: "#111111",
  gray: "#8a8a8a",
});

/**
 * @param {any} stats the `stats` of GET /api/tables/ID/stats
 */
export function positionChart(stats) {
  const width = 640;
  const height = 300;
  const pad = { left: 56, right: 30, top: 14, bottom: 30 };
  const rounds = Math.max(1, ...stats.cars.map((/** @type {any} */ car) => car.progress.length - 1));
  const all = stats.cars.flatMap((/** @type {any} */ car) => car.progress);
  const low = Math.min(0, ...all);
  const high = Math.max(stats.lap_spaces * stats.laps, ...all);
  const x = (/** @type {number} */ round) => pad.left + (round / rounds) * (width - pad.left - pad.right);
  const y = (/** @type {number} */ progress) => height - pad.bottom - ((progress - low) / (high - low || 1)) * (height - pad.top - pad.bottom);
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": t("results.chart.label") });
  svg.append(s("line", { x1: pad.left, y1: y(low), x2: width - pad.right, y2: y(low), class: "axis" }));
  svg.append(s("line", { x1: pad.left, y1: pad.top, x2: pad.left, y2: height - pad.bottom, class: "axis" }));
  for (let lap = 1; lap <= stats.laps; lap++) {
    const at = y(lap * stats.lap_spaces);
    svg.append(s("line", { x1: pad.left, y1: at, x2: width - pad.right, y2: at, class: "lapline" }));
    svg.append(s("text", { x: 4, y: at + 4 }, lap === stats.laps ? t("map.finish") : `L${lap}`));
  }
  for (let round = 0; round <= rounds; round += Math.max(1, Math.ceil(rounds / 10))) {
    svg.append(s("text", { x: x(round) - 4, y: height - 10 }, String(round)));
  }
  svg.append(s("text", { x: width - pad.right - 30, y: height - 10 }, t("results.chart.round")));
  /** @type {{x: number, y: number, letter: string}[]} */
  const ends = [];
  for (const car of stats.cars) {
    const points = car.progress.map((/** @type {number} */ p, /** @type {number} */ i) => `${x(i)},${y(p)}`).join(" ");
    svg.append(
      s("polyline", {
        points,
        fill: "none",
        stroke: COLORS[car.color] ?? "#444",
        "stroke-width": 2.5,
        "stroke-dasharray": car.legend ? "6 4" : null,
      }),
    );
    const last = car.progress.length - 1;
    ends.push({ x: x(last) + 4, y: y(car.progress[last]) + 4, letter: letterOf(car.color) });
  }
  // Each line ends with its car's letter; letters that would overlap are moved apart.
  ends.sort((a, b) => a.y - b.y);
  for (let i = 1; i < ends.length; i++) {
    const above = ends[i - 1];
    if (Math.abs(ends[i].x - above.x) < 12 && ends[i].y - above.y < 12) ends[i].y = above.y + 12;
  }
  for (const end of ends) svg.append(s("text", { x: end.x, y: end.y, "font-weight": 800 }, end.letter));
  return svg;
}
