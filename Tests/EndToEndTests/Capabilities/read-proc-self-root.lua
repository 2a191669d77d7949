-- attack: a link through /proc/self/root, a magic link to the whole file system
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && ln -s /proc/self/root data/p
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/p" .. outside .. "/secret.txt"), wrap = "char" }
