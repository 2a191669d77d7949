-- attack: a grant of one file, used to reach its neighbours
-- run: render --allow-read=$DIR/data/one.txt
-- setup: mkdir data && echo one > data/one.txt && echo two > data/two.txt
-- status: 0
-- stdout: (?s)^one.*not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/one.txt") .. try(ui.readFile, "data/two.txt"), wrap = "char" }
