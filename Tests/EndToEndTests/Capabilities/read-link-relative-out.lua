-- attack: a relative link that climbs out of the grant
-- run: render --allow-read=$DIR/data
-- setup: mkdir -p data/deep && ln -s "../../../$(basename "$OUTSIDE")/secret.txt" data/deep/link
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/deep/link"), wrap = "char" }
