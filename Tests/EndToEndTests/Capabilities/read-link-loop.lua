-- attack: links that point at each other
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && ln -s b data/a && ln -s a data/b
-- status: 0
-- stdout: ui.readFile: data/a: Too many levels of symbolic links
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/a"), wrap = "char" }
