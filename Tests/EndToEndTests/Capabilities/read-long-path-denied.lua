-- attack: a path of 60,000 parts outside every grant, which once took seconds and hundreds of MiB to deny
-- run: render --allow-read=$DIR/data
-- setup: mkdir data
-- status: 0
-- stdout: File name too long
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, ("x/"):rep(60000) .. "y"), wrap = "char" }
