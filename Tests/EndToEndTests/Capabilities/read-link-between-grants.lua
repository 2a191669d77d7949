-- attack: none: a link from one granted folder into another is followed
-- run: render --allow-read=$DIR/a,$DIR/b
-- setup: mkdir a b && echo in-b > b/real.txt && ln -s ../b/real.txt a/link
-- status: 0
-- stdout: ^in-b
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "a/link"), wrap = "char" }
