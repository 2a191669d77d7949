-- attack: a link to / inside the grant, then a path under it
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && ln -s / data/root
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/root" .. outside .. "/secret.txt"), wrap = "char" }
