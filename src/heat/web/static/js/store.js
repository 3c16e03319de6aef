// @ts-check
/**
 * What the browser keeps: the player's settings and their tables (tokens included: a token is
 * the key to a seat, and stays in this browser, never in an address sent to the server).
 */

const TABLES = "heat.tables";
const SETTINGS = "heat.settings";

/**
 * @typedef {{seat: number, token: string, color: string, name?: string}} LocalSeat
 * @typedef {{table: string, title: string, mode: string, seats: LocalSeat[], admin?: string,
 *   invites?: {seat: number, color: string, invite: string}[], spectate?: string, created: number}} LocalTable
 * @typedef {{theme: "auto" | "light" | "dark", confirm: boolean, motion: boolean, name: string}} Settings
 */

/** @returns {Settings} */
export function settings() {
  /** @type {Settings} */
  const base = { theme: "auto", confirm: true, motion: true, name: "" };
  try {
    return { ...base, ...JSON.parse(localStorage.getItem(SETTINGS) || "{}") };
  } catch {
    return base;
  }
}

/** @param {Partial<Settings>} change */
export function saveSettings(change) {
  localStorage.setItem(SETTINGS, JSON.stringify({ ...settings(), ...change }));
}

/** @returns {LocalTable[]} newest first */
export function tables() {
  try {
    const list = JSON.parse(localStorage.getItem(TABLES) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** @param {string} id @returns {LocalTable | undefined} */
export function tableOf(id) {
  return tables().find((entry) => entry.table === id);
}

/**
 * Keep `entry`, merged with what is known of the same table.
 * @param {LocalTable} entry
 */
export function keepTable(entry) {
  const list = tables();
  const old = list.find((item) => item.table === entry.table);
  const seats = [...(old?.seats ?? [])];
  for (const seat of entry.seats) {
    const index = seats.findIndex((item) => item.seat === seat.seat);
    if (index >= 0) seats[index] = { ...seats[index], ...seat };
    else seats.push(seat);
  }
  seats.sort((a, b) => a.seat - b.seat);
  const merged = { ...(old ?? {}), ...entry, seats, admin: entry.admin ?? old?.admin };
  const rest = list.filter((item) => item.table !== entry.table);
  localStorage.setItem(TABLES, JSON.stringify([merged, ...rest].slice(0, 50)));
}

/** @param {string} id */
export function forgetTable(id) {
  localStorage.setItem(TABLES, JSON.stringify(tables().filter((item) => item.table !== id)));
}
