-- attack: read a file through ui.fetch's file: URLs with every host granted
-- run: render --allow-net
-- status: 0
-- stdout: only http and https URLs can be fetched
local ui = require("theolua")
local where = require("where")
local ok, err = pcall(ui.fetch, "file://" .. where .. "/secret.txt", function(r) print(r.body) end)
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
