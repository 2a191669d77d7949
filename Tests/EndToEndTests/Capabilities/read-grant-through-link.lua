-- attack: the granted folder is itself a link; its target is granted, and a link in it still cannot lead out
-- run: render --allow-read=$DIR/granted
-- setup: mkdir real && echo ok > real/f.txt && ln -s real granted && ln -s "$OUTSIDE/secret.txt" real/out
-- status: 0
-- stdout: (?s)^ok.*not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "granted/f.txt") .. try(ui.readFile, "granted/out"), wrap = "char" }
