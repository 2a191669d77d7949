-- attack: /proc/self/fd and /proc/self/cwd from a script granted one folder
-- run: render --allow-read=$DIR/data
-- setup: mkdir data
-- status: 0
-- stdout: (?s)not allowed.*not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "/proc/self/fd/0") .. "\n" .. try(ui.readFile, "/proc/self/cwd/where.lua"), wrap = "char" }
