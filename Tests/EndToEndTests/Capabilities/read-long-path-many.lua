-- attack: many long paths, each refused in time linear in its length
-- run: render --allow-read=$DIR/data --max-instructions 2000000000
-- setup: mkdir data
-- status: 0
-- stdout: ^2000 refused
local ui = require("theolua")
local refused = 0
local path = ("data/a/.."):rep(400)
for _ = 1, 2000 do
  if not pcall(ui.readFile, path .. "/missing") then refused = refused + 1 end
end
return ui.text(refused .. " refused")
