-- attack: a file larger than readFile's limit
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && truncate -s 65M data/big
-- status: 0
-- stdout: larger than 64 MiB
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/big"), wrap = "char" }
