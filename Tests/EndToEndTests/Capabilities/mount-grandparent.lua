-- attack: a test mounting a file two folders up
-- run: test $DIR/a/b
-- file: app_test.lua
-- setup: mkdir -p a/b && cp "$APP" a/b/app_test.lua && cp where.lua a/b/ && rm "$APP"
-- status: 1
-- stdout: not allowed
local t = require("theolua.test")
local outside = require("where")
t.test("mounts up", function()
  t.mount("../../../" .. outside:match("[^/]+$") .. "/secret.lua", { size = "20x1" })
end)
