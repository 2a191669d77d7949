-- attack: rename a granted file out of the grant, and an outside file into it
-- run: render --allow-write=$DIR/data --allow-read=$DIR/data
-- setup: mkdir data && echo inside > data/f && ln -s "$OUTSIDE" data/out
-- status: 0
-- stdout: ^denied 3
-- outside-absent: created.txt
-- outside-unchanged: victim.txt
local ui = require("theolua")
local outside = require("where")
local denied = 0
for _, pair in ipairs({
  { "data/f", outside .. "/created.txt" },
  { outside .. "/victim.txt", "data/stolen" },
  { "data/out/victim.txt", "data/stolen" },
}) do
  local ok, err = pcall(ui.rename, pair[1], pair[2])
  if not ok and err:find("not allowed", 1, true) then denied = denied + 1 end
end
return ui.text("denied " .. denied)
