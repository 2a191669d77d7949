-- attack: a test mounting a link to a Lua file outside
-- run: test $APP
-- file: app_test.lua
-- setup: ln -s "$OUTSIDE/secret.lua" linked.lua
-- status: 1
-- stdout: cannot read .*not allowed
local t = require("theolua.test")
t.test("mounts a link", function()
  local app = t.mount("linked.lua", { size = "20x1" })
end)
