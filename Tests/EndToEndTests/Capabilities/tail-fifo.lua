-- attack: tailing a FIFO
-- run: render --allow-read=$DIR/data --size 60x3
-- setup: mkdir data && mkfifo data/pipe
-- status: 0
-- stdout: it is a FIFO, not a file
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.tail, "data/pipe", function() end, { fromStart = true }), wrap = "char" }
