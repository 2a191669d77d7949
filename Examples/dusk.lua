-- An alternative theme for the built-in widgets: every field of ui.theme, in warm dusk
-- colors. `ui.theme.provide { value = require("dusk"), ... }` restyles every widget below
-- it; a theme may also name only the fields it changes.
return {
  accent = "#e0a458",   -- checked marks, the selected tab, progress bars, spinners, keys in hints
  text = "#f2e6d8",     -- widget labels
  muted = "#8c7a6b",    -- what is not selected, tracks, placeholders, hint descriptions
  border = "#b5838d",   -- widget borders
  selected = "#6d597a", -- the background of a highlighted option
  good = "#90be6d",
  warning = "#f9c74f",
  bad = "#f94144",
}
