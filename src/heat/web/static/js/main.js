// @ts-check
/** The page's entry: settings, theme, and which screen the address asks for. */
import { byId, fill, h } from "./dom.js";
import { LANGUAGES, LANGUAGE_NAMES, chosenLanguage, keepLanguage, language, speak, t } from "./messages.js";
import { saveSettings, settings } from "./store.js";
import { showHome } from "./home.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

export function applyTheme() {
  const theme = settings().theme;
  if (theme === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

function openSettings() {
  const dialog = /** @type {HTMLDialogElement} */ (byId("dialog"));
  const now = settings();
  const theme = h("select", { id: "set-theme" }, [
    h("option", { value: "auto", selected: now.theme === "auto" }, t("settings.theme.auto")),
    h("option", { value: "light", selected: now.theme === "light" }, t("settings.theme.light")),
    h("option", { value: "dark", selected: now.theme === "dark" }, t("settings.theme.dark")),
  ]);
  const confirm = h("input", { type: "checkbox", id: "set-confirm", checked: now.confirm });
  const motion = h("input", { type: "checkbox", id: "set-motion", checked: now.motion });
  const name = h("input", { type: "text", id: "set-name", value: now.name, maxlength: 24, autocomplete: "nickname" });
  fill(dialog, [
    h("h2", { id: "settings-title" }, t("settings.title")),
    h("label", { for: "set-theme" }, t("settings.theme")),
    theme,
    h("p", {}, [confirm, " ", h("label", { for: "set-confirm", style: "display:inline" }, t("settings.confirm"))]),
    h("p", {}, [motion, " ", h("label", { for: "set-motion", style: "display:inline" }, t("settings.motion"))]),
    h("label", { for: "set-name" }, t("settings.name")),
    name,
    h("p", { class: "row" }, [
      h(
        "button",
        {
          type: "button",
          class: "primary",
          onclick: () => {
            saveSettings({
              theme: /** @type {any} */ (theme.value),
              confirm: confirm.checked,
              motion: motion.checked,
              name: name.value.trim(),
            });
            applyTheme();
            dialog.close();
          },
        },
        t("settings.ok"),
      ),
    ]),
  ]);
  dialog.setAttribute("aria-labelledby", "settings-title");
  dialog.showModal();
}

function route() {
  const path = location.pathname;
  const replay = path.match(/^\/t\/([^/]+)\/replay$/);
  if (replay) return showReplay(decodeURIComponent(replay[1]));
  const table = path.match(/^\/t\/([^/]+)$/);
  if (table) return showTable(decodeURIComponent(table[1]));
  return showHome();
}

/**
 * The language switch in the top bar, on every page: each language by its own name; a choice is
 * kept (localStorage and the `heat_lang` cookie the server reads) and the page is drawn again in it.
 */
function languageSwitch() {
  const now = language();
  const select = h(
    "select",
    {
      id: "language",
      "aria-label": t("nav.language"),
      title: t("nav.language"),
      onchange: () => {
        keepLanguage(select.value);
        location.reload();
      },
    },
    LANGUAGES.map((code) => h("option", { value: code, lang: code, selected: code === now }, LANGUAGE_NAMES[code])),
  );
  byId("settings-button").before(select);
}

// The catalogue first: every text from here on is in the page's language.
await speak(chosenLanguage());
applyTheme();
languageSwitch();
const settingsButton = byId("settings-button");
settingsButton.textContent = t("settings.title");
settingsButton.addEventListener("click", openSettings);
byId("brand").setAttribute("aria-label", `${t("app.title")}: ${t("nav.home")}`);
// The page's few words in index.html are for the moment before this module runs; from here on
// every text is the catalogue's.
document.title = t("app.title");
for (const skip of document.querySelectorAll("a.skip")) skip.textContent = t("nav.skip");
byId("topnav").setAttribute("aria-label", t("nav.page"));
route();
