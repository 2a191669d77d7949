-- attack: a module name of 60,000 parts, to make the lookup and its message grow without bound
-- status: 0
-- stdout: is too long \(at most 1024\)
local ui = require("theolua")
local ok, err = pcall(require, ("a."):rep(60000) .. "b")
return ui.text { tostring(err), wrap = "char" }
