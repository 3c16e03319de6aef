// @ts-check
/**
 * The track in SVG and the cars on it. The board knows no rule: it draws the geometry the
 * server computed (GET /api/tracks/ID) and puts each car where its view says; one `update`
 * with the cars, the corners and an optional preview is re-applied after every state.
 */
import { s } from "./dom.js";
import { percent, t } from "./messages.js";

/** @typedef {import("./types.js").Geometry} Geometry */
/** @typedef {import("./types.js").CarView} CarView */
/** @typedef {import("./types.js").CornerView} CornerView */
/** @typedef {import("./types.js").Preview} Preview */
/** @typedef {import("./types.js").Pt} Pt */

/** Colour -> the letter on the car (black is K and gray A, so no two clash). */
export const LETTERS = /** @type {Record<string, string>} */ ({
  red: "R",
  blue: "B",
  green: "G",
  yellow: "Y",
  black: "K",
  gray: "A",
});

/** @param {string} color */
export function letterOf(color) {
  return LETTERS[color] ?? color.slice(0, 1).toUpperCase();
}

/** @param {Pt[]} points */
function pathOf(points, close = false) {
  return points.map((p, i) => `${i ? "L" : "M"}${p[0]},${p[1]}`).join("") + (close ? "Z" : "");
}

/** Do the cars glide (the setting, and the system's reduced-motion wish)? */
function motionWanted(setting = true) {
  return setting && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class Board {
  /**
   * @param {Geometry} geo
   * @param {{roadNames?: Record<string, string>, label?: string}} [options]
   */
  constructor(geo, options = {}) {
    this.geo = geo;
    this.roadNames = options.roadNames ?? {};
    const [x, y, w, hgt] = geo.view_box;
    this.svg = /** @type {SVGSVGElement} */ (
      s("svg", {
        viewBox: `${x} ${y} ${w} ${hgt}`,
        class: "board",
        role: "img",
        "aria-label": options.label ?? t("race.map", { track: geo.name }),
        preserveAspectRatio: "xMidYMid meet",
      })
    );
    this.animate = true;
    /** @type {Map<number, SVGElement>} */
    this.cellEls = new Map();
    /** @type {Map<number, {sign: SVGElement, limit: SVGElement}>} */
    this.signs = new Map();
    /** @type {Map<number, SVGElement>} */
    this.roadLabels = new Map();
    /** @type {Map<number, SVGElement>} */
    this.sectorLabels = new Map();
    /** @type {SVGElement | null} */
    this.weatherLabel = null;
    /** @type {Map<number, {el: SVGElement, progress: number, at: Pt, frame: number}>} */
    this.cars = new Map();
    this.drawTrack();
    this.overlay = s("g", { class: "overlay" });
    this.carLayer = s("g", { class: "cars" });
    this.svg.append(this.overlay, this.carLayer);
  }

  drawTrack() {
    const geo = this.geo;
    const width = geo.width;
    const [x, y, w, hgt] = geo.view_box;
    const layer = s("g", { class: "track", "aria-hidden": "true" });
    layer.append(s("rect", { x, y, width: w, height: hgt, class: "grass" }));
    const road = pathOf(geo.road, true);
    layer.append(s("path", { d: road, class: "kerb", "stroke-width": width + 10 }));
    layer.append(s("path", { d: road, class: "tarmac", "stroke-width": width + 2 }));
    // Sectors: shade the spaces of every other sector (the Weather's sectors, W-8).
    /** @type {Map<number, number>} */
    const sectorOf = new Map();
    geo.sectors.forEach((sector, index) => {
      let space = sector.first_space;
      for (let k = 0; k < geo.spaces; k++) {
        sectorOf.set(space, index);
        if (space === sector.last_space) break;
        space = (space % geo.spaces) + 1;
      }
    });
    for (const cell of geo.cells) {
      const shade = (sectorOf.get(cell.space) ?? 0) % 2 ? " alt" : "";
      const el = s("path", { d: pathOf(cell.outline, true), class: `cell${shade}`, "data-space": cell.space });
      this.cellEls.set(cell.space, el);
      layer.append(el);
    }
    // The race line: through the race-line spot of every space.
    const line = geo.cells.map((cell) => cell.spots[cell.raceline - 1]);
    layer.append(s("path", { d: pathOf(line, true), class: "raceline" }));
    for (const cell of geo.cells) {
      for (const spot of cell.spots) layer.append(s("circle", { cx: spot[0], cy: spot[1], r: 5.5, class: "spot" }));
      if (cell.space % 5 === 0) {
        const [lx, ly] = cell.label;
        layer.append(s("text", { x: lx, y: ly + 3, class: "space-number" }, String(cell.space)));
      }
    }
    // The grid: numbered boxes on the starting spots.
    for (const place of geo.grid) {
      const cell = geo.cells[place.space - 1];
      const [gx, gy] = cell.spots[place.lane - 1];
      layer.append(s("text", { x: gx, y: gy + 3, class: "grid-number" }, String(place.place)));
    }
    // The finish line, chequered.
    const [f1, f2] = geo.finish;
    layer.append(s("line", { x1: f1[0], y1: f1[1], x2: f2[0], y2: f2[1], class: "finish-back" }));
    layer.append(s("line", { x1: f1[0], y1: f1[1], x2: f2[0], y2: f2[1], class: "finish" }));
    for (const corner of geo.corners) {
      const [l1, l2] = corner.legends_line;
      layer.append(s("line", { x1: l1[0], y1: l1[1], x2: l2[0], y2: l2[1], class: "legends-line" }));
      for (const diamond of corner.diamonds) {
        const [dx, dy] = diamond.at;
        layer.append(
          s("g", { class: "diamond", transform: `translate(${dx},${dy})` }, [
            s("rect", { x: -5, y: -5, width: 10, height: 10, transform: "rotate(45)" }),
            s("text", { y: 3 }, String(diamond.value)),
          ]),
        );
      }
      if (corner.chevron_space) {
        const cell = geo.cells[corner.chevron_space - 1];
        const [cx, cy] = cell.label;
        layer.append(s("text", { x: cx, y: cy + 4, class: "chevron" }, "»"));
      }
      const [c1, c2] = corner.line;
      layer.append(s("line", { x1: c1[0], y1: c1[1], x2: c2[0], y2: c2[1], class: "corner-line" }));
      const [sx, sy] = corner.sign;
      const limit = s("text", { y: 5, class: "limit" }, String(corner.speed_limit));
      const sign = s("g", { class: "sign", transform: `translate(${sx},${sy})` }, [
        s("circle", { r: 14, class: "sign-ring" }),
        limit,
        s("text", { y: 26, class: "corner-number" }, t("map.corner.short", { n: corner.number })),
      ]);
      this.signs.set(corner.number, { sign, limit });
      layer.append(sign);
      const road = s("text", { x: sx, y: sy - 22, class: "road-label" }, "");
      this.roadLabels.set(corner.number, road);
      layer.append(road);
    }
    for (const sector of geo.sectors) {
      const [tx, ty] = sector.label;
      const label = s("text", { x: tx, y: ty, class: "sector-label" }, "");
      this.sectorLabels.set(sector.after_corner, label);
      layer.append(label);
    }
    const [ttx, tty] = geo.title_at;
    layer.append(s("text", { x: ttx, y: tty, class: "track-title" }, geo.name));
    this.weatherLabel = s("text", { x: ttx, y: tty + 26, class: "weather-label" }, "");
    layer.append(this.weatherLabel);
    this.svg.append(layer);
  }

  /** @param {number} space @param {number} lane @returns {Pt} */
  spot(space, lane) {
    const cell = this.geo.cells[(space - 1 + this.geo.spaces) % this.geo.spaces];
    return cell.spots[Math.max(0, Math.min(1, lane - 1))];
  }

  /**
   * Put every car where the view says: moved cars glide space by space along the road.
   * @param {CarView[]} cars
   * @param {{mine?: number | null, deciding?: number[], motion?: boolean}} [options]
   */
  updateCars(cars, options = {}) {
    const motion = motionWanted(options.motion ?? true);
    for (const car of cars) {
      let entry = this.cars.get(car.seat);
      const progress = (car.lap - 1) * this.geo.spaces + car.space;
      const at = this.spot(car.space, car.lane);
      if (!entry) {
        const el = s("g", { class: `car car-${car.color}`, "data-seat": car.seat }, [
          s("circle", { r: 9.5, class: "car-body" }),
          s("circle", { r: 9.5, class: "car-pattern" }),
          s("text", { y: 4, class: "car-letter" }, letterOf(car.color)),
          s("title", {}, ""),
        ]);
        entry = { el, progress, at, frame: 0 };
        this.cars.set(car.seat, entry);
        this.carLayer.append(el);
        place(el, at);
      } else if (entry.progress !== progress || entry.at[0] !== at[0] || entry.at[1] !== at[1]) {
        const moved = progress - entry.progress;
        if (motion && moved > 0 && moved < this.geo.spaces) {
          this.glide(entry, progress, car.lane, moved);
        } else {
          cancelAnimationFrame(entry.frame);
          place(entry.el, at);
        }
        entry.progress = progress;
        entry.at = at;
      }
      const el = entry.el;
      el.classList.toggle("mine", options.mine === car.seat);
      el.classList.toggle("deciding", (options.deciding ?? []).includes(car.seat));
      el.classList.toggle("off", !car.on_track);
      el.classList.toggle("legend", car.legend);
      const title = el.querySelector("title");
      if (title) {
        title.textContent = t("car.label", {
          name: car.name,
          color: t(/** @type {any} */ (`color.${car.color}`)),
          letter: letterOf(car.color),
          space: car.space,
          lap: car.lap,
        });
      }
    }
  }

  /**
   * Mark a car a few seconds, with a word beside it: a spin-out or a blocked move the event
   * log reported.
   * @param {number} seat
   * @param {"spun" | "blocked"} kind
   */
  flash(seat, kind) {
    const el = this.cars.get(seat)?.el;
    if (!el) return;
    el.querySelector(".flash-label")?.remove();
    const label = s("text", { y: -15, class: "flash-label" }, t(kind === "spun" ? "map.spun" : "map.blocked"));
    el.append(label);
    el.classList.add(kind);
    setTimeout(() => {
      el.classList.remove(kind);
      label.remove();
    }, 3000);
  }

  /**
   * Move `entry` forward `moved` spaces, through the middle of each space; bigger moves go
   * faster per space.
   * @param {{el: SVGElement, progress: number, at: Pt, frame: number}} entry
   * @param {number} target
   * @param {number} lane
   * @param {number} moved
   */
  glide(entry, target, lane, moved) {
    cancelAnimationFrame(entry.frame);
    const n = this.geo.spaces;
    /** @type {Pt[]} */
    const path = [entry.at];
    for (let k = 1; k < moved; k++) path.push(this.geo.cells[(((entry.progress + k - 1) % n) + n) % n].label);
    path.push(this.spot(((target - 1) % n + n) % n + 1, lane));
    const duration = Math.min(1400, 220 + 70 * moved);
    const start = performance.now();
    const step = (/** @type {number} */ now) => {
      const f = Math.min(1, (now - start) / duration);
      const eased = f < 0.5 ? 2 * f * f : 1 - (-2 * f + 2) ** 2 / 2;
      const pos = eased * (path.length - 1);
      const i = Math.min(path.length - 2, Math.floor(pos));
      const w = pos - i;
      const a = path[i];
      const b = path[i + 1];
      place(entry.el, [a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w]);
      if (f < 1) entry.frame = requestAnimationFrame(step);
    };
    entry.frame = requestAnimationFrame(step);
  }

  /**
   * The Speed Limits as they stand (Road Conditions), the tokens on corners and sectors, the
   * Weather token and the Press Corners.
   * @param {CornerView[]} corners
   * @param {string | null} weather
   * @param {Record<string, {name: string}>} [weatherNames]
   */
  updateCorners(corners, weather, weatherNames = {}) {
    for (const corner of corners) {
      const sign = this.signs.get(corner.number);
      if (sign) {
        sign.limit.textContent = String(corner.speed_limit);
        sign.sign.classList.toggle("changed", corner.speed_limit !== corner.printed_limit);
        sign.sign.classList.toggle("press", corner.press);
      }
      const road = this.roadLabels.get(corner.number);
      if (road) road.textContent = corner.road ? (this.roadNames[corner.road] ?? corner.road) : corner.press ? t("map.press") : "";
      const sector = this.sectorLabels.get(corner.number);
      if (sector) sector.textContent = corner.sector_road ? (this.roadNames[corner.sector_road] ?? corner.sector_road) : "";
    }
    if (this.weatherLabel) {
      this.weatherLabel.textContent = weather ? t("race.weather", { name: weatherNames[weather]?.name ?? weather }) : "";
    }
  }

  /**
   * Draw a preview: each space the car may reach with its chance, each corner's Heat and
   * spin-out chance. `null` clears it.
   * @param {Preview | null} preview
   */
  showPreview(preview) {
    this.overlay.replaceChildren();
    for (const el of this.svg.querySelectorAll(".cell.landing")) el.classList.remove("landing");
    if (!preview) return;
    for (const [space, , chance] of preview.landing) {
      const cell = this.geo.cells[space - 1];
      this.cellEls.get(space)?.classList.add("landing");
      const [lx, ly] = cell.label;
      this.overlay.append(
        s("g", { class: "landing-tag", transform: `translate(${lx},${ly})` }, [
          s("rect", { x: -17, y: -8, width: 34, height: 16, rx: 4 }),
          s("text", { y: 4 }, percent(chance)),
        ]),
      );
    }
    for (const risk of preview.corners) {
      const geo = this.geo.corners.find((c) => c.number === risk.corner);
      if (!geo) continue;
      const [mx, my] = geo.marker;
      const danger = risk.spin_chance > 0 ? " danger" : risk.heat > 0 ? " warn" : "";
      const heat = Math.round(risk.heat * 10) / 10;
      this.overlay.append(
        s("g", { class: `risk${danger}`, transform: `translate(${mx},${my})` }, [
          s("rect", { x: -30, y: -14, width: 60, height: risk.spin_chance > 0 ? 30 : 18, rx: 5 }),
          s("text", { y: 0 }, t("map.risk.heat", { n: heat })),
          risk.spin_chance > 0 ? s("text", { y: 13 }, t("map.risk.spin", { p: percent(risk.spin_chance) })) : null,
        ]),
      );
    }
  }
}

/** @param {SVGElement} el @param {Pt} at */
function place(el, at) {
  el.setAttribute("transform", `translate(${at[0].toFixed(1)},${at[1].toFixed(1)})`);
}
