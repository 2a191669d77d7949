-- attack: a module swapped for a link to a secret module and back while the script requires fresh names
-- run: render --allow-run=sh --wait 0 --max-instructions 2000000000 --size 60x3
-- setup: mkdir lib && for i in $(seq 1 300); do echo "return 'inside'" > lib/m$i.lua; done
-- status: 0
-- stdout: ^leaked 0 loaded [1-9]
local ui = require("theolua")
local outside = require("where")
ui.spawn("sh", { "-c", "cd lib; while :; do for i in $(seq 1 300); do ln -sf '" .. outside .. "/secret.lua' m$i.new; mv m$i.new m$i.lua; echo \"return 'inside'\" > m$i.new; mv m$i.new m$i.lua; done; done" })
local leaked, loaded = 0, 0
for i = 1, 300 do
  local ok, v = pcall(require, "lib.m" .. i)
  if ok and v ~= "inside" then leaked = leaked + 1 elseif ok then loaded = loaded + 1 end
end
return ui.text(("leaked %d loaded %d"):format(leaked, loaded))
