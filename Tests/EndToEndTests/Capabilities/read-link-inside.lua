-- attack: none: a link that stays inside the grant is followed
-- run: render --allow-read=$DIR/data
-- setup: mkdir -p data/sub && echo inside > data/sub/real.txt && ln -s sub/real.txt data/link
-- status: 0
-- stdout: ^inside
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/link"), wrap = "char" }
