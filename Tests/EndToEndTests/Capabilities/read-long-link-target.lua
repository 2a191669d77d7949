-- attack: links whose targets are long and nested, to make the check expand without end
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && cd data && ln -s "$(printf 'l0/%.0s' $(seq 1 1000))x" l0 && ln -s l0 l1
-- status: 0
-- stdout: ui\.readFile: data/l1: (Too many levels|File name too long)
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/l1"), wrap = "char" }
