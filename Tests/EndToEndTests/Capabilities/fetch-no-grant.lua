-- attack: fetch a URL without --allow-net
-- run: render
-- status: 0
-- stdout: --allow-net=127.0.0.1:9
local ui = require("theolua")
local ok, err = pcall(ui.fetch, "http://127.0.0.1:9/", function() end)
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
