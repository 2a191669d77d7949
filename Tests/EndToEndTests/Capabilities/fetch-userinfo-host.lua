-- attack: a granted host written as the userinfo of another
-- run: render --allow-net=127.0.0.1
-- status: 0
-- stdout: --allow-net=evil.invalid
local ui = require("theolua")
local ok, err = pcall(ui.fetch, "http://127.0.0.1@evil.invalid/", function() end)
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
