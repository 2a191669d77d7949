-- attack: a header value that starts another header or request
-- run: render --allow-net
-- status: 0
-- stdout: must be one line
local ui = require("theolua")
local ok, err = pcall(ui.fetch, "http://127.0.0.1:9/", { headers = { ["X-A"] = "1\r\n\r\nGET /admin HTTP/1.1" } }, function() end)
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
